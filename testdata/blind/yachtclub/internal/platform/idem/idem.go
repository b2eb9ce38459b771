// Package idem implements Idempotency-Key handling for HTTP creates. A
// completed key replays the stored response body.
package idem

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// Keys stores idempotency records.
type Keys struct {
	db   bun.IDB
	repo *store.IdempotencyRepo
	now  func() time.Time
}

// NewKeys builds a key store over db.
func NewKeys(db *bun.DB, repos *store.Repos) *Keys {
	return &Keys{db: db, repo: repos.Idempotency, now: time.Now}
}

// Once runs fn at most once per (scope, key) and replays its response for
// later calls with the same key. fn manages its own transaction.
func Once[T any](ctx context.Context, k *Keys, scope, key string, fn func(ctx context.Context) (T, error)) (T, bool, error) {
	var zero T
	if key == "" {
		v, err := fn(ctx)
		return v, false, err
	}
	rec, err := k.repo.Get(ctx, k.db, scope, key)
	switch {
	case err == nil && rec.CompletedAt != nil:
		var v T
		if err := json.Unmarshal(rec.Response, &v); err != nil {
			return zero, false, fmt.Errorf("idempotency replay: %w", err)
		}
		return v, true, nil
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return zero, false, err
	}

	v, err := fn(ctx)
	if err != nil {
		return zero, false, err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return zero, false, err
	}
	now := k.now()
	if err := k.repo.Put(ctx, k.db, &domain.IdempotencyRecord{
		Scope: scope, Key: key, Response: raw, CreatedAt: now, CompletedAt: &now,
	}); err != nil {
		return zero, false, fmt.Errorf("idempotency save: %w", err)
	}
	return v, false, nil
}

// OnceTx is Once for effects that run inside the caller's transaction: the
// key is claimed and completed in tx, so it commits or rolls back together
// with fn's writes.
func OnceTx[T any](ctx context.Context, tx bun.Tx, repo *store.IdempotencyRepo, now time.Time, scope, key string, fn func(ctx context.Context, tx bun.Tx) (T, error)) (T, bool, error) {
	var zero T
	claimed, err := repo.Claim(ctx, tx, scope, key, now)
	if err != nil {
		return zero, false, err
	}
	if !claimed {
		rec, err := repo.Get(ctx, tx, scope, key)
		if err != nil {
			return zero, false, err
		}
		if rec.CompletedAt == nil {
			return zero, false, httpx.Conflict("a request with this Idempotency-Key is still in progress")
		}
		var v T
		if err := json.Unmarshal(rec.Response, &v); err != nil {
			return zero, false, fmt.Errorf("idempotency replay: %w", err)
		}
		return v, true, nil
	}
	v, err := fn(ctx, tx)
	if err != nil {
		return zero, false, err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return zero, false, err
	}
	if err := repo.Complete(ctx, tx, scope, key, raw, now); err != nil {
		return zero, false, err
	}
	return v, false, nil
}
