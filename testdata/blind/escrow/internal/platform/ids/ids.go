// Package ids holds the identifier generators and key derivation helpers used
// across the service.
package ids

import (
	"crypto/rand"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// Generator produces string identifiers. Services take a Generator rather
// than calling a library directly so tests can supply predictable values.
type Generator interface {
	New() string
}

// Func adapts a plain function to Generator.
type Func func() string

// New implements Generator.
func (f Func) New() string { return f() }

// UUID is a Generator of random (v4) UUID strings.
var UUID Func = uuid.NewString

// ULIDs generates lexically sortable ULIDs. It is safe for concurrent use.
type ULIDs struct {
	mu      sync.Mutex
	entropy *ulid.MonotonicEntropy
	now     func() time.Time
}

// NewULIDs returns a ULID generator backed by crypto/rand.
func NewULIDs() *ULIDs {
	return &ULIDs{
		entropy: ulid.Monotonic(rand.Reader, 0),
		now:     time.Now,
	}
}

// New implements Generator.
func (g *ULIDs) New() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return ulid.MustNew(ulid.Timestamp(g.now()), g.entropy).String()
}

// Namespaces for name-based (v5) UUIDs.
var (
	NamespacePayoutRequest = uuid.MustParse("6f1c1c0e-8d0b-4a44-9d1e-2a7c5b0f3e11")
	NamespaceRelease       = uuid.MustParse("0b7f2d7a-51a4-4c43-8f8e-a9a0c2f6d4b2")
)

// Derive returns a deterministic UUID for the given parts in namespace ns.
// The same inputs always yield the same UUID.
func Derive(ns uuid.UUID, parts ...string) uuid.UUID {
	return uuid.NewSHA1(ns, []byte(strings.Join(parts, "\x1f")))
}

// Key builds a stable, human readable operation key such as
// "capture:01J...". It is used for provider idempotency keys and message IDs.
func Key(op string, parts ...string) string {
	var b strings.Builder
	b.WriteString(op)
	for _, p := range parts {
		b.WriteByte(':')
		b.WriteString(p)
	}
	return b.String()
}
