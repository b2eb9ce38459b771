// Package ids generates identifiers: ULIDs for domain rows (sortable,
// printable in URLs) and UUIDs for infrastructure rows.
package ids

import (
	"crypto/rand"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// NewULID returns a new monotonic ULID string.
func NewULID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String()
}

// NewUUID returns a random v4 UUID.
func NewUUID() uuid.UUID {
	return uuid.New()
}

// Prefixed returns a ULID with a short type prefix, e.g. "ord_01H...".
func Prefixed(prefix string) string {
	return prefix + "_" + NewULID()
}

// Generator produces string identifiers. Services take one so tests can
// pin IDs.
type Generator func() string

// ULIDs is the default Generator.
var ULIDs Generator = NewULID

// ParseUUID parses a UUID, returning uuid.Nil and false when invalid.
func ParseUUID(s string) (uuid.UUID, bool) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, false
	}
	return id, true
}
