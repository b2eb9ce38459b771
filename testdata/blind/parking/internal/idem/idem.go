// Package idem has helpers for idempotency keys: reading the client's key from
// a request, hashing request bodies, and building keys for outbound calls.
package idem

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/google/uuid"
)

const Header = "Idempotency-Key"

var (
	ErrMissingKey = errors.New("Idempotency-Key header is required")
	ErrBadKey     = errors.New("Idempotency-Key must be 8-128 printable characters")
)

// FromRequest returns the caller's Idempotency-Key.
func FromRequest(r *http.Request) (string, error) {
	k := strings.TrimSpace(r.Header.Get(Header))
	if k == "" {
		return "", ErrMissingKey
	}
	if len(k) < 8 || len(k) > 128 {
		return "", ErrBadKey
	}
	return k, nil
}

// Hash fingerprints a request body so a reused key with a different payload
// can be rejected.
func Hash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// NewKey returns a unique key with a readable prefix, e.g. "permit_4f1c...".
func NewKey(prefix string) string {
	return prefix + "_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}
