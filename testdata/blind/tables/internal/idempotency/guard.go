// Package idempotency provides a request-level Idempotency-Key guard for
// handlers whose work spans more than one transaction.
package idempotency

import (
	"context"
	"crypto/sha256"
	"encoding/hex"

	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/store"
)

// Guard records keys in idempotency_keys.
type Guard struct {
	st *store.Store
}

func NewGuard(st *store.Store) *Guard {
	return &Guard{st: st}
}

// Hash fingerprints a request body.
func Hash(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// Begin reserves key under scope. It returns false when the key has been
// used before.
func (g *Guard) Begin(ctx context.Context, scope, key string, body []byte) (bool, error) {
	n, err := g.st.ReserveIdempotencyKey(ctx, db.ReserveIdempotencyKeyParams{
		Scope:       scope,
		Key:         key,
		RequestHash: Hash(body),
	})
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Finish records the resource produced for the key.
func (g *Guard) Finish(ctx context.Context, scope, key, resourceID string) error {
	return g.st.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
		Scope:      scope,
		Key:        key,
		ResourceID: pgconv.Text(resourceID),
	})
}

// Lookup returns the stored record for key.
func (g *Guard) Lookup(ctx context.Context, scope, key string) (db.IdempotencyKey, error) {
	return g.st.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
}
