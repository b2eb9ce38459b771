// Package idgen makes identifiers: a generator interface, its
// implementations, a decorator that prefixes another's IDs, and an
// adapter of a function.
package idgen

import (
	"strconv"

	"github.com/google/uuid"
)

// Generator makes a new identifier on every call.
type Generator interface {
	New() string
}

// UUID makes random UUIDs.
type UUID struct{}

// New returns a new UUID.
func (UUID) New() string { return uuid.NewString() }

// Prefixed prefixes the IDs of the generator it decorates.
type Prefixed struct {
	Prefix string
	Next   Generator
}

// New returns Prefix followed by Next's ID.
func (p Prefixed) New() string { return p.Prefix + p.Next.New() }

// Func adapts a function to Generator.
type Func func() string

// New calls f.
func (f Func) New() string { return f() }

// Namer names things; one of its implementations is not fresh.
type Namer interface {
	Name() string
}

// Random names at random.
type Random struct{}

// Name returns a new UUID.
func (Random) Name() string { return uuid.NewString() }

// Fixed names everything the same.
type Fixed struct{ N int }

// Name returns the same name on every call.
func (f Fixed) Name() string { return "n" + strconv.Itoa(f.N) }
