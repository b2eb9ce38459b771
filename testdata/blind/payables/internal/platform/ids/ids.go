// Package ids centralises identifier generation.
package ids

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// namespace for name-based (v5) identifiers derived from business keys.
var namespace = uuid.MustParse("6b1d7c1e-3f0a-4c8e-9b43-2f5d2a7e9c10")

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// NewULID returns a monotonic, lexically sortable identifier.
func NewULID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String()
}

// Make returns a new ULID typed as T. Used for string-typed domain IDs.
func Make[T ~string]() T {
	return T(NewULID())
}

// NewUUID returns a random UUIDv4.
func NewUUID() uuid.UUID { return uuid.New() }

// Derive returns a stable UUIDv5 for the given business key parts.
// The same parts always produce the same identifier.
func Derive(parts ...string) uuid.UUID {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f")))
}

// DeriveString is Derive rendered as a string.
func DeriveString(parts ...string) string { return Derive(parts...).String() }

// NewRequestKey returns a random 128-bit hex token suitable for request
// correlation headers and idempotency keys.
func NewRequestKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
