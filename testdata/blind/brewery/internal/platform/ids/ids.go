// Package ids centralises identifier generation so call sites read the same
// everywhere and tests can substitute deterministic generators.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// Namespaces for name-based (v5) UUIDs. Changing these changes every derived
// ID, so they are fixed forever.
var (
	RouteNamespace   = uuid.MustParse("6b1f7c52-3d0e-4f7a-9a58-2d7b9f1c4e10")
	InvoiceNamespace = uuid.MustParse("a3c0d9e4-58b2-4c61-8f3e-0b7d6a2e91c5")
)

// NewXID returns a new globally unique, sortable 20-char id.
func NewXID() string { return xid.New().String() }

// NewUUID returns a random v4 UUID.
func NewUUID() uuid.UUID { return uuid.New() }

// Derived returns a name-based UUID from the namespace and parts. The same
// inputs always yield the same UUID.
func Derived(ns uuid.UUID, parts ...string) uuid.UUID {
	return uuid.NewSHA1(ns, []byte(strings.Join(parts, "|")))
}

// Fingerprint hashes a request body so a reused idempotency key can be
// detected when it arrives with a different payload.
func Fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
