// Package ids provides the identifier generator used across the services.
//
// Every identifier we mint is a ULID rendered in Crockford base32. Services
// depend on the Generator interface so tests can inject deterministic IDs.
package ids

import (
	"crypto/rand"
	"io"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
)

// Generator mints new, globally unique identifiers.
type Generator interface {
	New() string
}

// ULID is a Generator backed by monotonic ULIDs. It is safe for concurrent
// use.
type ULID struct {
	mu      sync.Mutex
	entropy io.Reader
	now     func() time.Time
}

// NewULID returns a Generator seeded from crypto/rand.
func NewULID() *ULID {
	return &ULID{
		entropy: ulid.Monotonic(rand.Reader, 0),
		now:     time.Now,
	}
}

// New returns a fresh ULID string.
func (g *ULID) New() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return ulid.MustNew(ulid.Timestamp(g.now()), g.entropy).String()
}
