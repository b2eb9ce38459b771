// Package ids centralises identifier generation so formats stay consistent.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// NewUUID returns a random UUID for primary keys of UUID columns.
func NewUUID() uuid.UUID { return uuid.New() }

// Short returns a sortable, compact 20-character identifier.
func Short() string { return xid.New().String() }

// Prefixed returns a short identifier with a type prefix, e.g. "msg_c9...".
func Prefixed(prefix string) string { return prefix + "_" + xid.New().String() }

// Derived builds a stable identifier from parts, used where the same logical
// operation must map to the same identifier every time.
func Derived(parts ...string) string { return strings.Join(parts, ":") }

// NameBased returns a UUIDv5 in the service namespace for the given parts.
func NameBased(parts ...string) uuid.UUID {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "|")))
}

var namespace = uuid.MustParse("6f1c2d0e-7a43-4c8e-9d7b-0b5e1f6a2c11")

// ParseUUID parses s and reports whether it is a valid UUID.
func ParseUUID(s string) (uuid.UUID, bool) {
	id, err := uuid.Parse(s)
	return id, err == nil
}
