// Package ids holds identifier generators. Row identifiers are ULIDs so
// they sort by creation time; a few tables that mirror partner systems use
// UUIDs.
package ids

import (
	"crypto/rand"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// Generator returns a new ULID string.
type Generator func() string

// UUIDGenerator returns a new random UUID string.
type UUIDGenerator func() string

// NewULIDGenerator returns a goroutine-safe monotonic ULID source.
func NewULIDGenerator() Generator {
	var mu sync.Mutex
	entropy := ulid.Monotonic(rand.Reader, 0)
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return ulid.MustNew(ulid.Now(), entropy).String()
	}
}

// NewUUIDGenerator returns a v4 UUID source.
func NewUUIDGenerator() UUIDGenerator {
	return func() string { return uuid.NewString() }
}

// namespace for name-based identifiers derived from our own keys.
var namespace = uuid.MustParse("6f1b8c1e-4a43-4e0e-9a57-3d1f0d9b2c11")

// Derived returns a name-based (v5) UUID for the given parts. The same parts
// always produce the same UUID, which makes it suitable as an operation key
// for providers that require UUID-shaped idempotency keys.
func Derived(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f"))).String()
}

// OpKey joins parts into a readable operation key such as
// "deposit-release:01HV...".
func OpKey(kind string, parts ...string) string {
	return kind + ":" + strings.Join(parts, ":")
}
