// Package idem stores responses for client-supplied Idempotency-Key headers.
package idem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"

	"github.com/northmill/procure/internal/platform/db"
)

// ErrKeyReused is returned when a key is presented again with a different
// request body.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// Record is a stored response for a key.
type Record struct {
	Scope       string          `db:"scope"`
	Key         string          `db:"key"`
	RequestHash string          `db:"request_hash"`
	StatusCode  *int            `db:"status_code"`
	Response    json.RawMessage `db:"response"`
}

// Done reports whether the original request finished and stored a response.
func (r Record) Done() bool { return r.StatusCode != nil }

// Hash fingerprints a request payload.
func Hash(payload any) string {
	b, _ := json.Marshal(payload)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Keys is the repository over idempotency_keys.
type Keys struct{}

// NewKeys returns the repository.
func NewKeys() *Keys { return &Keys{} }

// Claim inserts the key. It returns claimed=false together with the existing
// record when the key is already known.
func (k *Keys) Claim(ctx context.Context, q db.Querier, scope, key, reqHash string) (Record, bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, reqHash)
	if err != nil {
		return Record{}, false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return Record{Scope: scope, Key: key, RequestHash: reqHash}, true, nil
	}
	rec, err := k.Lookup(ctx, q, scope, key)
	if err != nil {
		return Record{}, false, err
	}
	if rec.RequestHash != reqHash {
		return rec, false, ErrKeyReused
	}
	return rec, false, nil
}

// Lookup loads a stored key.
func (k *Keys) Lookup(ctx context.Context, q db.Querier, scope, key string) (Record, error) {
	return db.Get[Record](ctx, q,
		`SELECT scope, key, request_hash, status_code, response FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key)
}

// Complete stores the response for a claimed key.
func (k *Keys) Complete(ctx context.Context, q db.Querier, scope, key string, status int, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return db.ExpectOne(q.ExecContext(ctx, `
		UPDATE idempotency_keys SET status_code = $3, response = $4
		WHERE scope = $1 AND key = $2`, scope, key, status, b))
}

// Save records a key together with its response in one statement.
func (k *Keys) Save(ctx context.Context, q db.Querier, scope, key, reqHash string, status int, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, reqHash, status, b)
	return err
}
