// Package ids centralises identifier generation so tests can swap in
// deterministic generators.
package ids

import (
	"crypto/rand"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// Generator produces opaque unique identifiers.
type Generator interface {
	New() string
}

// GeneratorFunc adapts a function to Generator.
type GeneratorFunc func() string

// New calls f.
func (f GeneratorFunc) New() string { return f() }

// UUID generates random (v4) UUIDs.
var UUID Generator = GeneratorFunc(func() string { return uuid.NewString() })

var (
	ulidMu      sync.Mutex
	ulidEntropy = ulid.Monotonic(rand.Reader, 0)
)

// ULID generates lexicographically sortable, monotonic ULIDs.
var ULID Generator = GeneratorFunc(func() string {
	ulidMu.Lock()
	defer ulidMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), ulidEntropy).String()
})

// Prefixed returns a generator that prefixes ids from g, e.g. "wd_01H...".
func Prefixed(prefix string, g Generator) Generator {
	return GeneratorFunc(func() string {
		var b strings.Builder
		b.WriteString(prefix)
		b.WriteByte('_')
		b.WriteString(g.New())
		return b.String()
	})
}
