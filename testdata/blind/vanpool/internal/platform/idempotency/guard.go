package idempotency

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/pooltrack/vanpool/internal/platform/db"
)

// Result is what a guarded operation returns to its HTTP caller.
type Result struct {
	StatusCode int
	Body       json.RawMessage
	Replayed   bool
}

// Guard wraps an operation that has no transaction of its own to hand over:
// it answers repeats from the stored response and records new responses once
// the operation succeeds.
type Guard struct {
	store *Store
	q     db.Querier
}

// NewGuard returns a Guard that keeps its records through q.
func NewGuard(store *Store, q db.Querier) *Guard {
	return &Guard{store: store, q: q}
}

// Do runs op at most once per (scope, key) as far as callers can observe.
func (g *Guard) Do(ctx context.Context, scope, key string, payload any, op func(ctx context.Context) (int, any, error)) (*Result, error) {
	hash := Hash(payload)
	rec, err := g.store.Get(ctx, g.q, scope, key)
	switch {
	case err == nil:
		if rec.RequestHash != hash {
			return nil, ErrKeyReused
		}
		if !rec.Completed {
			return nil, ErrInFlight
		}
		return &Result{StatusCode: rec.StatusCode, Body: rec.Body, Replayed: true}, nil
	case !errors.Is(err, db.ErrNotFound):
		return nil, err
	}

	status, body, err := op(ctx)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("idempotency: encode: %w", err)
	}
	if err := g.store.Save(ctx, g.q, Record{Scope: scope, Key: key, RequestHash: hash, StatusCode: status, Body: raw}); err != nil {
		return nil, err
	}
	return &Result{StatusCode: status, Body: raw}, nil
}
