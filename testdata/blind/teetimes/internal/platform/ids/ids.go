// Package ids generates identifiers. Row identities are ULIDs so they sort
// by creation time; identities that must be reproducible from an upstream
// key (a POS event, a tournament placing) are name-based UUIDs.
package ids

import (
	"crypto/rand"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// Func produces a new identifier. Services hold one as a field so tests
// can substitute a deterministic sequence.
type Func func() string

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// NewULID returns a new lowercase ULID.
func NewULID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return strings.ToLower(ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String())
}

// NewUUID returns a random (v4) UUID string.
func NewUUID() string {
	return uuid.NewString()
}

// namespace is the root for name-based identifiers. Changing it changes
// every derived id, so it is fixed forever.
var namespace = uuid.MustParse("6f0b5a0e-3c1d-4b8e-9a55-2f7c1e0d9b41")

// Derive returns a stable UUID (v5) for the given kind and parts. The same
// inputs always give the same id.
func Derive(kind string, parts ...string) string {
	name := kind + ":" + strings.Join(parts, ":")
	return uuid.NewSHA1(namespace, []byte(name)).String()
}

// Short returns an upper-case code of n characters from a fresh ULID's
// random section, used for human-facing voucher codes.
func Short(n int) string {
	id := NewULID()
	if n > 16 {
		n = 16
	}
	return strings.ToUpper(id[len(id)-n:])
}
