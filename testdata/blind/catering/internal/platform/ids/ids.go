// Package ids centralises identifier formats used across the platform.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// Prefixed is implemented by string identifier types that carry a short
// human-readable prefix, e.g. "tst_2B3k...".
type Prefixed interface {
	~string
}

// New returns a sortable, prefixed identifier of type T.
func New[T Prefixed](prefix string) T {
	return T(prefix + "_" + ksuid.New().String())
}

// HasPrefix reports whether id was minted with prefix.
func HasPrefix[T Prefixed](id T, prefix string) bool {
	return strings.HasPrefix(string(id), prefix+"_")
}

// UUIDGenerator satisfies ports.IDGenerator with random v4 UUIDs.
type UUIDGenerator struct{}

func (UUIDGenerator) NewID() uuid.UUID { return uuid.New() }

// V7Generator issues time-ordered UUIDs, which keep btree inserts local.
type V7Generator struct{}

func (V7Generator) NewID() uuid.UUID {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.New()
	}
	return id
}
