// Package ids centralises identifier generation so that every package mints
// IDs the same way: UUIDv4 for primary keys, xid for short, sortable
// correlation and request identifiers.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// New returns a new random UUID in canonical string form.
func New() string {
	return uuid.NewString()
}

// Short returns a 20 character, roughly time-ordered identifier. Used for
// high-volume append-only rows and for correlation IDs in logs.
func Short() string {
	return xid.New().String()
}

// RequestKey returns a key suitable for tagging an outbound provider request.
func RequestKey(prefix string) string {
	return prefix + "_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}

// Derived returns a UUIDv5 derived from the given parts. The same parts always
// yield the same UUID, which makes it suitable for message IDs that must stay
// stable across redeliveries.
func Derived(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "|"))).String()
}

// Valid reports whether s parses as a UUID.
func Valid(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil
}

var namespace = uuid.MustParse("6f1d8a52-3c1e-4b57-9d0e-2a4c7b9e1f30")
