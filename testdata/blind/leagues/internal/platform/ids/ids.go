// Package ids centralises identifier generation so every table uses the same
// formats: UUIDs for entities, xids for log-style rows and correlation IDs,
// and name-based UUIDs where an identifier must be reproducible from its inputs.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// namespace is the fixed UUIDv5 namespace for derived identifiers. Changing it
// changes every derived ID, so it must never be edited.
var namespace = uuid.MustParse("8f2b0c4e-7d1a-4f4e-9a53-5d0f3c1e2a77")

// Generator is the function type services accept for new identifiers.
type Generator func() string

// NewUUID returns a random (v4) UUID string.
func NewUUID() string { return uuid.NewString() }

// NewXID returns a globally unique, time-sortable xid string.
func NewXID() string { return xid.New().String() }

// Derive returns a deterministic UUID (v5) for the given kind and parts. The
// same inputs always produce the same identifier.
func Derive(kind string, parts ...string) string {
	key := kind + ":" + strings.Join(parts, ":")
	return uuid.NewSHA1(namespace, []byte(key)).String()
}

// Prefixed returns a derived identifier with a short human readable prefix,
// e.g. "pi_3f0c...". Used for rows that are shown to support staff.
func Prefixed(prefix, kind string, parts ...string) string {
	d := Derive(kind, parts...)
	return prefix + "_" + strings.ReplaceAll(d, "-", "")
}

// Valid reports whether s parses as a UUID.
func Valid(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil
}
