// Package idgen hands out identifiers. Services take a Generator so tests can
// inject deterministic ids.
package idgen

import (
	"crypto/rand"
	"io"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// Generator mints new identifiers.
type Generator interface {
	// New returns a new globally unique identifier.
	New() string
}

// Prefixed wraps a Generator and prepends a type prefix ("ord_", "trf_").
type Prefixed struct {
	Prefix string
	Inner  Generator
}

func (p Prefixed) New() string { return p.Prefix + p.Inner.New() }

// UUID generates random (v4) UUIDs.
type UUID struct{}

func (UUID) New() string { return uuid.NewString() }

// ULID generates lexicographically sortable ULIDs using a monotonic entropy
// source shared by all callers.
type ULID struct {
	mu      sync.Mutex
	entropy io.Reader
	now     func() time.Time
}

// NewULID returns a ULID generator.
func NewULID() *ULID {
	return &ULID{entropy: ulid.Monotonic(rand.Reader, 0), now: time.Now}
}

func (g *ULID) New() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return ulid.MustNew(ulid.Timestamp(g.now()), g.entropy).String()
}

// Func adapts a plain function to Generator.
type Func func() string

func (f Func) New() string { return f() }

// Default is the generator used when none is injected.
var Default Generator = NewULID()
