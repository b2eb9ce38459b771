// Package ids produces the lexicographically sortable identifiers used for
// every row the service owns.
package ids

import (
	"crypto/rand"
	"io"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
)

// Generator hands out ULIDs. It is safe for concurrent use.
type Generator struct {
	mu      sync.Mutex
	entropy io.Reader
	now     func() time.Time
}

// NewGenerator returns a generator backed by crypto/rand with monotonic
// entropy, so IDs minted within the same millisecond still sort in order.
func NewGenerator() *Generator {
	return &Generator{
		entropy: ulid.Monotonic(rand.Reader, 0),
		now:     time.Now,
	}
}

// New returns a new ULID string.
func (g *Generator) New() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return ulid.MustNew(ulid.Timestamp(g.now()), g.entropy).String()
}

// Prefixed returns a new ULID with a short type prefix, e.g. "app_01H...".
func (g *Generator) Prefixed(prefix string) string {
	return prefix + "_" + g.New()
}

// Valid reports whether s (without prefix) parses as a ULID.
func Valid(s string) bool {
	_, err := ulid.ParseStrict(s)
	return err == nil
}

var defaultGen = NewGenerator()

// New returns a ULID from the package-level generator.
func New() string { return defaultGen.New() }
