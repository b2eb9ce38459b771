// Package idempotency implements client-supplied Idempotency-Key handling
// for HTTP endpoints. Keys are claimed inside the caller's transaction so the
// claim commits or rolls back together with the work it guards.
package idempotency

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/deskhive/coworking/internal/db"
)

// ErrKeyReused is returned when a key is presented with a different body.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// ErrInFlight is returned when the original request has not finished.
var ErrInFlight = errors.New("request with this idempotency key is still in progress")

// Replay holds a stored response for a repeated request.
type Replay struct {
	Status int
	Body   []byte
}

// Hash fingerprints a request body.
func Hash(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// Claim inserts (scope, key). It returns a non-nil Replay when the key was
// already used and completed.
func Claim(ctx context.Context, q *db.Queries, scope, key, hash string) (*Replay, error) {
	n, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{Scope: scope, Key: key, RequestHash: hash})
	if err != nil {
		return nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if n == 1 {
		return nil, nil
	}
	prev, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if err != nil {
		return nil, fmt.Errorf("load idempotency key: %w", err)
	}
	if prev.RequestHash != hash {
		return nil, ErrKeyReused
	}
	if !prev.ResponseStatus.Valid {
		return nil, ErrInFlight
	}
	return &Replay{Status: int(prev.ResponseStatus.Int32), Body: prev.ResponseBody}, nil
}

// Complete stores the response for (scope, key).
func Complete(ctx context.Context, q *db.Queries, scope, key string, status int, body []byte) error {
	return q.SaveIdempotencyResponse(ctx, db.SaveIdempotencyResponseParams{
		Scope:          scope,
		Key:            key,
		ResponseStatus: sql.NullInt32{Int32: int32(status), Valid: true},
		ResponseBody:   body,
	})
}
