// Package ids generates identifiers for rows and outbound requests.
package ids

import (
	"crypto/rand"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"go.uber.org/fx"
)

// Generator mints sortable identifiers. Prefixes make ids self-describing in
// logs and support tickets ("stl_01J...").
type Generator struct {
	mu      sync.Mutex
	entropy io.Reader
	now     func() time.Time
}

// NewGenerator returns a Generator with monotonic ULID entropy.
func NewGenerator() *Generator {
	return &Generator{
		entropy: ulid.Monotonic(rand.Reader, 0),
		now:     time.Now,
	}
}

// New returns a new prefixed ULID such as "dsb_01HZX...".
func (g *Generator) New(prefix string) string {
	g.mu.Lock()
	id := ulid.MustNew(ulid.Timestamp(g.now()), g.entropy)
	g.mu.Unlock()
	if prefix == "" {
		return id.String()
	}
	return prefix + "_" + strings.ToLower(id.String())
}

// Func returns a func() string bound to prefix, convenient for struct fields.
func (g *Generator) Func(prefix string) func() string {
	return func() string { return g.New(prefix) }
}

// namespace scopes deterministic UUIDs produced by Derive.
var namespace = uuid.MustParse("8a3c8f5e-4d8e-4b7a-9a51-3f2f6d0c1e77")

// Derive returns a deterministic UUID (v5) for the given parts, so the same
// logical operation always yields the same identifier.
func Derive(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f"))).String()
}

// Module provides the shared Generator.
var Module = fx.Module("ids", fx.Provide(NewGenerator))
