// Package idempotency stores client-supplied Idempotency-Key values and the
// response first returned for them, so a retried request can be answered
// from the record instead of being performed again.
package idempotency

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/platform/db"
)

// ErrKeyReused is returned when a key is replayed with a different request.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// ErrInFlight is returned when the original request has not completed yet.
var ErrInFlight = errors.New("request with this idempotency key is still in progress")

// Record is a stored key and, once completed, its response.
type Record struct {
	Scope        string          `db:"scope"`
	Key          string          `db:"key"`
	RequestHash  string          `db:"request_hash"`
	StatusCode   *int            `db:"status_code"`
	ResponseBody json.RawMessage `db:"response_body"`
}

// Completed reports whether a response has been recorded.
func (r *Record) Completed() bool { return r.StatusCode != nil }

// Store reads and writes idempotency records.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store on the shared pool.
func NewStore(pool *sqlx.DB) *Store { return &Store{db: pool} }

// HashRequest fingerprints a request body so a key cannot be replayed for a
// different payload.
func HashRequest(method, path string, body []byte) string {
	h := sha256.New()
	h.Write([]byte(method))
	h.Write([]byte{0})
	h.Write([]byte(path))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// Lookup returns the stored record for key, or nil if none exists.
func (s *Store) Lookup(ctx context.Context, scope, key string) (*Record, error) {
	var rec Record
	err := s.db.GetContext(ctx, &rec, `
		SELECT scope, key, request_hash, status_code, response_body
		FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if db.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("idempotency: lookup: %w", err)
	}
	return &rec, nil
}

// Save records the response for key once the request has been handled.
func (s *Store) Save(ctx context.Context, scope, key, requestHash string, status int, body []byte) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body, completed_at)
		VALUES ($1, $2, $3, $4, $5, now())
		ON CONFLICT (scope, key) DO UPDATE
		SET status_code = EXCLUDED.status_code,
		    response_body = EXCLUDED.response_body,
		    completed_at = now()`,
		scope, key, requestHash, status, jsonOrNull(body))
	if err != nil {
		return fmt.Errorf("idempotency: save: %w", err)
	}
	return nil
}

// ClaimTx claims key inside the caller's transaction. It returns (nil, nil)
// when the key is new and now held by tx; the caller performs its writes and
// calls CompleteTx before committing. If the key already exists its record is
// returned instead, and the caller must not repeat the operation. Because the
// claim commits or rolls back with the operation's own writes, a crash at any
// point leaves either both or neither.
func (s *Store) ClaimTx(ctx context.Context, tx *sqlx.Tx, scope, key, requestHash string) (*Record, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return nil, fmt.Errorf("idempotency: claim: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil, nil
	}
	var rec Record
	if err := tx.GetContext(ctx, &rec, `
		SELECT scope, key, request_hash, status_code, response_body
		FROM idempotency_keys WHERE scope = $1 AND key = $2 FOR SHARE`, scope, key); err != nil {
		return nil, fmt.Errorf("idempotency: load claimed: %w", err)
	}
	if rec.RequestHash != requestHash {
		return nil, ErrKeyReused
	}
	if !rec.Completed() {
		return nil, ErrInFlight
	}
	return &rec, nil
}

// CompleteTx stores the response for a key claimed with ClaimTx.
func (s *Store) CompleteTx(ctx context.Context, tx *sqlx.Tx, scope, key string, status int, body []byte) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE idempotency_keys
		SET status_code = $3, response_body = $4, completed_at = now()
		WHERE scope = $1 AND key = $2`, scope, key, status, jsonOrNull(body))
	if err != nil {
		return fmt.Errorf("idempotency: complete: %w", err)
	}
	return nil
}

func jsonOrNull(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return string(b)
}
