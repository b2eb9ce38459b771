// Package idgen centralises identifier generation so that the formats used
// for rows, events and correlation IDs stay consistent across services.
package idgen

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// NewID returns a new random row identifier.
func NewID() uuid.UUID {
	return uuid.New()
}

// Short returns a compact, roughly time-ordered identifier suitable for
// log correlation and external references.
func Short() string {
	return xid.New().String()
}

// Prefixed returns a Short identifier with a type prefix, e.g. "evt_c9...".
func Prefixed(prefix string) string {
	return prefix + "_" + xid.New().String()
}

// Derived builds a deterministic key from its parts. Use it whenever a key
// must be the same across retries of the same logical operation.
func Derived(parts ...string) string {
	return strings.Join(parts, ":")
}
