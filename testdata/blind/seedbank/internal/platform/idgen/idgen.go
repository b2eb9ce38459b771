// Package idgen produces the sortable, prefixed identifiers used for rows
// and outbound references.
package idgen

import "github.com/segmentio/ksuid"

// Func returns a new identifier on every call.
type Func func() string

// New returns a fresh prefixed KSUID such as "don_2Jm3...".
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// Prefixed returns a Func that yields fresh identifiers with prefix.
func Prefixed(prefix string) Func {
	return func() string { return New(prefix) }
}

// Derived builds a deterministic reference from a stable identifier, for
// places where the same logical operation must always map to the same key.
func Derived(prefix, stable string) string {
	return prefix + ":" + stable
}
