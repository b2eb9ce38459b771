// Package ids holds the identifier generators used across services. They
// are plain functions so services can carry them as fields and tests can
// swap them for deterministic ones.
package ids

import (
	"github.com/google/uuid"
	"github.com/rs/xid"
)

// Generator returns a new identifier on every call.
type Generator func() string

// UUID returns random v4 UUIDs.
func UUID() Generator { return uuid.NewString }

// XID returns sortable, globally unique 20-character ids.
func XID() Generator {
	return func() string { return xid.New().String() }
}

// Prefixed wraps a generator so ids read like "hld_c9k...".
func Prefixed(prefix string, g Generator) Generator {
	return func() string { return prefix + "_" + g() }
}
