// Package idem stores API idempotency keys in Postgres.
package idem

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/httpx"
)

// ErrMismatch means the key was already used for a different request.
var ErrMismatch = errors.New("idempotency key reused with a different request")

// Hash fingerprints a request payload.
func Hash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Claim records (scope, key) inside the caller's transaction. It returns
// the existing record when the key was claimed before, or nil when this
// call claimed it.
func Claim(ctx context.Context, q db.Querier, scope, key, hash string) (*db.IdempotencyKey, error) {
	n, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{Scope: scope, Key: key, RequestHash: hash})
	if err != nil {
		return nil, err
	}
	if n == 1 {
		return nil, nil
	}
	prev, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if err != nil {
		return nil, err
	}
	if prev.RequestHash != hash {
		return nil, ErrMismatch
	}
	return &prev, nil
}

// Complete stores the resource created under a claimed key.
func Complete(ctx context.Context, q db.Querier, scope, key, resourceID string) error {
	return q.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
		Scope:      scope,
		Key:        key,
		ResourceID: sql.NullString{String: resourceID, Valid: true},
	})
}

// ResponseStore adapts the idempotency table to httpx.ResponseStore.
type ResponseStore struct {
	Q db.Querier
}

var _ httpx.ResponseStore = ResponseStore{}

func (s ResponseStore) Lookup(ctx context.Context, scope, key string) (*httpx.StoredResponse, error) {
	row, err := s.Q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !row.ResponseCode.Valid {
		return nil, nil
	}
	return &httpx.StoredResponse{
		RequestHash: row.RequestHash,
		Status:      int(row.ResponseCode.Int32),
		Body:        row.ResponseBody,
	}, nil
}

func (s ResponseStore) Save(ctx context.Context, scope, key string, resp httpx.StoredResponse) error {
	return s.Q.SaveIdempotencyResponse(ctx, db.SaveIdempotencyResponseParams{
		Scope:        scope,
		Key:          key,
		RequestHash:  resp.RequestHash,
		ResponseCode: sql.NullInt32{Int32: int32(resp.Status), Valid: true},
		ResponseBody: resp.Body,
	})
}
