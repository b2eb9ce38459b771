// Package ids centralises identifier generation.
package ids

import (
	"crypto/rand"
	"encoding/base32"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// NewULID returns a lexicographically sortable identifier.
func NewULID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String()
}

// NewUUID returns a random v4 UUID.
func NewUUID() uuid.UUID { return uuid.New() }

// NewV7 returns a time-ordered UUID, falling back to v4.
func NewV7() uuid.UUID {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.New()
	}
	return id
}

var codeEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// GuestCode returns a short human-typable code for guest passes.
func GuestCode() string {
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return strings.ToUpper(codeEncoding.EncodeToString(b))
}

// Derived returns a stable identifier built from its parts, suitable as a
// provider idempotency key or queue task ID.
func Derived(prefix string, parts ...string) string {
	return prefix + ":" + strings.Join(parts, ":")
}
