// Package ids centralises identifier generation so every service formats
// IDs the same way.
package ids

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
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

// NewULID returns a lexicographically sortable ID for the current instant.
func NewULID() string {
	return NewULIDAt(time.Now())
}

// NewULIDAt returns a ULID for the given timestamp.
func NewULIDAt(t time.Time) string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(t), entropy).String()
}

// NewUUID returns a random v4 UUID string.
func NewUUID() string {
	return uuid.NewString()
}

// RandomHex returns n random bytes hex encoded (2n characters).
func RandomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("ids: crypto/rand failed: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// namespace for name-based UUIDs minted from natural keys.
var namespace = uuid.MustParse("7f1f9c3e-5a0b-4c56-9d0e-2b7f1a4c8e11")

// Derived returns a deterministic UUID (v5) for the given key parts. The same
// parts always give the same ID, which makes it safe to use for rows created
// from redelivered requests.
func Derived(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f"))).String()
}

// Digest returns a short stable hex digest of the parts, handy as a
// provider-facing dedup key where UUID formatting is not required.
func Digest(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return hex.EncodeToString(sum[:16])
}
