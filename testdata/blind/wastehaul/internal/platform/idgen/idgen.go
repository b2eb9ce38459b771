// Package idgen produces identifiers for rows and outbound references.
package idgen

import (
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// New returns a new lexically sortable ULID string.
func New() string {
	return ulid.Make().String()
}

// Prefixed returns a ULID with a short type prefix, e.g. "inv_01H...".
func Prefixed(prefix string) string {
	return prefix + "_" + strings.ToLower(ulid.Make().String())
}

// UUID returns a random v4 UUID.
func UUID() uuid.UUID {
	return uuid.New()
}

// Func is a generator injected into services that mint IDs.
type Func func() string

// Default is the ULID generator used in production wiring.
var Default Func = New
