// Package idem claims callers' keys in their transactions.
package idem

import (
	"context"

	"example.com/wiredidem/txn"
)

// A Claim says whether the key was new, and what it made before.
type Claim struct {
	Fresh    bool
	Resource string
}

// Store claims keys.
type Store struct{}

// Claim inserts the key unless it is there: Fresh when it was not; a
// repeat reads what the first request made.
func (Store) Claim(ctx context.Context, q txn.Querier, key string) (Claim, error) {
	tag, err := q.Exec(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key)
	if err != nil {
		return Claim{}, err
	}
	if tag.RowsAffected() == 1 {
		return Claim{Fresh: true}, nil
	}
	var c Claim
	err = q.QueryRow(ctx, "SELECT resource FROM idempotency_keys WHERE key = $1", key).Scan(&c.Resource)
	return c, err
}
