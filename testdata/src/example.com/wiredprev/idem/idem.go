// Package idem stores request keys, and the responses they were
// answered with, in PostgreSQL.
package idem

import (
	"context"
	"database/sql"
)

// Stored is the response a key was answered with.
type Stored struct{ Body string }

// Claims claims keys in the caller's transaction.
type Claims struct{}

// Claim inserts the key. A new key returns (nil, nil) and the caller
// goes on; a key claimed before returns the response stored for it.
func (Claims) Claim(ctx context.Context, tx *sql.Tx, key string) (*Stored, error) {
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil, nil
	}
	var s Stored
	if err := tx.QueryRowContext(ctx, "SELECT body FROM idempotency_keys WHERE key = $1", key).Scan(&s.Body); err != nil {
		return nil, err
	}
	return &s, nil
}

// Lookups reads keys without claiming them.
type Lookups struct{}

// Find only looks the key up: a key not seen before is not claimed,
// so two deliveries both go on.
func (Lookups) Find(ctx context.Context, tx *sql.Tx, key string) (*Stored, error) {
	var s Stored
	err := tx.QueryRowContext(ctx, "SELECT body FROM idempotency_keys WHERE key = $1", key).Scan(&s.Body)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}
