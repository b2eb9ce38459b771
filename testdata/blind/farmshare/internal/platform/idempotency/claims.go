// Package idempotency implements the request-key handling for endpoints
// that accept an Idempotency-Key header.
package idempotency

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
)

// Stored is a previously completed response for a key.
type Stored struct {
	Scope       string          `db:"scope"`
	Key         string          `db:"idem_key"`
	RequestHash string          `db:"request_hash"`
	Status      *int            `db:"response_status"`
	Body        json.RawMessage `db:"response_body"`
}

// ErrInFlight means another request holding the same key has not finished.
var ErrInFlight = httpx.NewError(http.StatusConflict, "request_in_flight", "a request with this key is still being processed")

// ErrMismatch means the key was reused with a different body.
var ErrMismatch = httpx.NewError(http.StatusUnprocessableEntity, "idempotency_key_reused", "this key was used with a different request")

// Claims stores request keys in the idempotency_keys table. Both methods
// take the caller's transaction.
type Claims struct{}

// Hash fingerprints a request body for mismatch detection.
func Hash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Claim inserts (scope, key). When the key is new it returns (nil, nil) and
// the caller proceeds; when it exists it returns the stored response, or
// ErrInFlight / ErrMismatch.
func (Claims) Claim(ctx context.Context, q database.Queryer, scope, key, requestHash string) (*Stored, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, idem_key, request_hash, created_at)
		VALUES ($1, $2, $3, now())
		ON CONFLICT (scope, idem_key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil, nil
	}
	var s Stored
	err = q.GetContext(ctx, &s, `
		SELECT scope, idem_key, request_hash, response_status, response_body
		FROM idempotency_keys WHERE scope = $1 AND idem_key = $2`, scope, key)
	if err != nil {
		return nil, err
	}
	if s.RequestHash != requestHash {
		return nil, ErrMismatch
	}
	if s.Status == nil {
		return nil, ErrInFlight
	}
	return &s, nil
}

// Complete stores the response for a claimed key.
func (Claims) Complete(ctx context.Context, q database.Queryer, scope, key string, status int, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, `
		UPDATE idempotency_keys SET response_status = $3, response_body = $4
		WHERE scope = $1 AND idem_key = $2`, scope, key, status, b)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errors.New("idempotency key vanished before completion")
	}
	return nil
}
