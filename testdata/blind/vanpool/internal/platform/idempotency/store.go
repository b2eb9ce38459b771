// Package idempotency persists client-supplied Idempotency-Key values and the
// responses they produced, so a resent request can be answered from the record.
package idempotency

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/platform/db"
)

// ErrKeyReused is returned when a key is presented with a different payload.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// ErrInFlight is returned when another request holding the key has not finished.
var ErrInFlight = errors.New("request with this idempotency key is still in progress")

// Record is a stored key and, once complete, its response.
type Record struct {
	Scope       string
	Key         string
	RequestHash string
	StatusCode  int
	Body        json.RawMessage
	Completed   bool
}

// Store reads and writes idempotency_keys rows through a caller-provided Querier.
type Store struct{}

// NewStore returns a Store.
func NewStore() *Store { return &Store{} }

// Hash returns a stable fingerprint of a request payload.
func Hash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Claim inserts the key if absent. It returns (nil, nil) when this caller now
// owns the key, or the existing record when the key was already present.
func (s *Store) Claim(ctx context.Context, q db.Querier, scope, key, hash string) (*Record, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, hash)
	if err != nil {
		return nil, fmt.Errorf("idempotency: claim: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return nil, nil
	}
	rec, err := s.Get(ctx, q, scope, key)
	if err != nil {
		return nil, err
	}
	if rec.RequestHash != hash {
		return rec, ErrKeyReused
	}
	return rec, nil
}

// Get loads a key.
func (s *Store) Get(ctx context.Context, q db.Querier, scope, key string) (*Record, error) {
	var (
		rec    Record
		status *int
		body   []byte
	)
	err := q.QueryRow(ctx, `
		SELECT scope, key, request_hash, status_code, response_body, completed_at IS NOT NULL
		FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).
		Scan(&rec.Scope, &rec.Key, &rec.RequestHash, &status, &body, &rec.Completed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, db.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("idempotency: get: %w", err)
	}
	if status != nil {
		rec.StatusCode = *status
	}
	rec.Body = body
	return &rec, nil
}

// Complete records the response for a claimed key.
func (s *Store) Complete(ctx context.Context, q db.Querier, scope, key string, status int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("idempotency: encode response: %w", err)
	}
	_, err = q.Exec(ctx, `
		UPDATE idempotency_keys
		SET status_code = $3, response_body = $4, completed_at = now()
		WHERE scope = $1 AND key = $2`, scope, key, status, raw)
	if err != nil {
		return fmt.Errorf("idempotency: complete: %w", err)
	}
	return nil
}

// Save writes a finished key in one statement (used when the key is recorded
// after the fact rather than claimed up front).
func (s *Store) Save(ctx context.Context, q db.Querier, rec Record) error {
	_, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body, completed_at)
		VALUES ($1, $2, $3, $4, $5, now())
		ON CONFLICT (scope, key) DO UPDATE
		SET status_code = EXCLUDED.status_code,
		    response_body = EXCLUDED.response_body,
		    completed_at = EXCLUDED.completed_at`,
		rec.Scope, rec.Key, rec.RequestHash, rec.StatusCode, []byte(rec.Body))
	if err != nil {
		return fmt.Errorf("idempotency: save: %w", err)
	}
	return nil
}
