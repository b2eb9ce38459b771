// Package ids generates identifiers for new records.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// New returns a random UUIDv4 string.
func New() string { return uuid.NewString() }

// Prefixed returns a short, sortable, human-greppable ID such as
// "exm_cs3f0bb1p8d3k8g0cfug".
func Prefixed(prefix string) string {
	return prefix + "_" + xid.New().String()
}

// Generator is the shape services keep in a struct field so tests can pin IDs.
type Generator func() string

// Default is the generator wired into services unless a test overrides it.
var Default Generator = New

// Join builds a composite key from stable parts, e.g. Join("chip", animalID, chip).
func Join(parts ...string) string {
	return strings.Join(parts, ":")
}
