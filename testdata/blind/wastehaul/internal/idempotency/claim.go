// Package idempotency implements client-supplied Idempotency-Key handling:
// ClaimTx for services that create a resource inside their own transaction,
// and Replayer, a response-caching middleware for simple endpoints.
package idempotency

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/haulcore/wastehaul/internal/store"
)

// Header is the request header carrying the client's key.
const Header = "Idempotency-Key"

// ErrKeyReused is returned when a key is replayed with a different request.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// Claim is the result of claiming a key.
type Claim struct {
	Scope      string
	Key        string
	Fresh      bool
	ResourceID string
}

// Keys claims keys inside the caller's transaction.
type Keys struct {
	repo store.IdempotencyKeys
}

// NewKeys returns a Keys over repo.
func NewKeys(repo store.IdempotencyKeys) *Keys {
	return &Keys{repo: repo}
}

// Fingerprint hashes a request body so a reused key with a different body
// can be rejected.
func Fingerprint(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// ClaimTx claims (scope, key) in tx. When the key already exists, the
// returned claim is not Fresh and carries the resource recorded by the
// first request.
func (k *Keys) ClaimTx(ctx context.Context, tx pgx.Tx, scope, key, fingerprint string) (Claim, error) {
	rec, fresh, err := k.repo.Claim(ctx, tx, scope, key, fingerprint)
	if err != nil {
		return Claim{}, fmt.Errorf("claim idempotency key: %w", err)
	}
	c := Claim{Scope: scope, Key: key, Fresh: fresh}
	if !fresh {
		if rec.Fingerprint != fingerprint {
			return Claim{}, ErrKeyReused
		}
		if rec.ResourceID != nil {
			c.ResourceID = *rec.ResourceID
		}
	}
	return c, nil
}

// Complete records the resource created under a fresh claim.
func (k *Keys) Complete(ctx context.Context, tx pgx.Tx, c Claim, resourceID string) error {
	return k.repo.SetResource(ctx, tx, c.Scope, c.Key, resourceID)
}
