// Package idem implements caller-supplied idempotency keys: an HTTP
// middleware that lifts the Idempotency-Key header into the request context
// and a store that claims a key inside the caller's transaction.
package idem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Header is the request header carrying the client's key.
const Header = "Idempotency-Key"

type ctxKey struct{}

// KeyFrom returns the idempotency key stored by Middleware.
func KeyFrom(ctx context.Context) (string, bool) {
	k, ok := ctx.Value(ctxKey{}).(string)
	return k, ok && k != ""
}

// WithKey returns a context carrying key; used by tests and internal callers.
func WithKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, ctxKey{}, key)
}

// Middleware reads the Idempotency-Key header. When required is true a
// request without one is rejected with 400 before reaching the handler.
func Middleware(required bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := strings.TrimSpace(r.Header.Get(Header))
			if key == "" && required {
				http.Error(w, `{"error":"Idempotency-Key header is required"}`, http.StatusBadRequest)
				return
			}
			if len(key) > 255 {
				http.Error(w, `{"error":"Idempotency-Key too long"}`, http.StatusBadRequest)
				return
			}
			if key != "" {
				r = r.WithContext(WithKey(r.Context(), key))
			}
			next.ServeHTTP(w, r)
		})
	}
}

// ErrKeyReused means the key was already used with a different request body.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// Claim is the outcome of claiming a key.
type Claim struct {
	// Fresh is true when this call inserted the key and should perform
	// the operation.
	Fresh bool
	// ResourceID is the resource recorded by an earlier, completed call.
	ResourceID string
}

// Store persists keys in the idempotency_keys table.
type Store struct{}

// NewStore returns a Store.
func NewStore() *Store { return &Store{} }

// Hash fingerprints a request body so that a reused key with a different
// payload is detected.
func Hash(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Claim inserts (scope, key). It must run on the same transaction as the
// operation it protects: a concurrent duplicate blocks on the primary key
// until the first transaction finishes and then observes its result.
func (s *Store) Claim(ctx context.Context, q pgdb.Querier, scope, key, requestHash string) (Claim, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return Claim{}, fmt.Errorf("idem: claim: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return Claim{Fresh: true}, nil
	}
	var storedHash string
	var resource *string
	err = q.QueryRow(ctx, `
		SELECT request_hash, resource_id FROM idempotency_keys
		WHERE scope = $1 AND key = $2`, scope, key).Scan(&storedHash, &resource)
	if errors.Is(err, pgx.ErrNoRows) {
		return Claim{}, fmt.Errorf("idem: key %q vanished", key)
	}
	if err != nil {
		return Claim{}, fmt.Errorf("idem: load: %w", err)
	}
	if storedHash != requestHash {
		return Claim{}, ErrKeyReused
	}
	c := Claim{}
	if resource != nil {
		c.ResourceID = *resource
	}
	return c, nil
}

// Complete records the resource created under the key.
func (s *Store) Complete(ctx context.Context, q pgdb.Querier, scope, key, resourceID string) error {
	_, err := q.Exec(ctx, `
		UPDATE idempotency_keys SET resource_id = $3
		WHERE scope = $1 AND key = $2`, scope, key, resourceID)
	if err != nil {
		return fmt.Errorf("idem: complete: %w", err)
	}
	return nil
}
