// Package ids centralises identifier generation so that services can take a
// generator as a dependency and tests can substitute deterministic ones.
package ids

import (
	"crypto/rand"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// Generator produces string identifiers.
type Generator func() string

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// NewULID returns a lexically sortable identifier. Most club tables use ULIDs
// so that rows sort by creation time in the admin screens.
func NewULID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String()
}

// NewUUID returns a random UUIDv4 string. Used where a partner system expects
// UUID-shaped identifiers.
func NewUUID() string {
	return uuid.NewString()
}

// ULIDs is a Generator backed by NewULID.
var ULIDs Generator = NewULID

// UUIDs is a Generator backed by NewUUID.
var UUIDs Generator = NewUUID

// Prefixed returns a generator that prefixes ids with a short type tag, for
// example "mbr_01HV...".
func Prefixed(prefix string, g Generator) Generator {
	return func() string { return prefix + "_" + g() }
}
