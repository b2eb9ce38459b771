// Package idgen provides the identifier generators used for primary keys
// and correlation IDs across the depot services.
package idgen

import (
	"crypto/rand"
	"sync"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"github.com/segmentio/ksuid"

	"github.com/depotworks/depot/internal/platform/clock"
)

// Generator returns a new unique identifier on every call.
type Generator interface {
	New() string
}

// UUID generates random (v4) UUIDs.
type UUID struct{}

// New returns a new v4 UUID string.
func (UUID) New() string { return uuid.NewString() }

// ULID generates lexically sortable identifiers from the configured clock.
type ULID struct {
	mu      sync.Mutex
	clock   clock.Clock
	entropy *ulid.MonotonicEntropy
}

// NewULID builds a ULID generator. A nil clock means the system clock.
func NewULID(c clock.Clock) *ULID {
	if c == nil {
		c = clock.System{}
	}
	return &ULID{clock: c, entropy: ulid.Monotonic(rand.Reader, 0)}
}

// New returns a new ULID string.
func (g *ULID) New() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return ulid.MustNew(ulid.Timestamp(g.clock.Now()), g.entropy).String()
}

// KSUID generates K-sortable unique identifiers.
type KSUID struct{}

// New returns a new KSUID string.
func (KSUID) New() string { return ksuid.New().String() }

// Prefixed decorates a generator with a type prefix, e.g. "rma_".
type Prefixed struct {
	Prefix string
	Next   Generator
}

// New returns Prefix followed by an identifier from Next.
func (p Prefixed) New() string { return p.Prefix + p.Next.New() }

// Func adapts a function to the Generator interface.
type Func func() string

// New calls f.
func (f Func) New() string { return f() }
