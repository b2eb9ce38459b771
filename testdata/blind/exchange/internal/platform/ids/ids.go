// Package ids centralises identifier generation so that every table and
// outbound request uses the same formats.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// namespace is the UUIDv5 namespace used for identifiers derived from
// upstream keys (webhook event ids, queue message ids, risk engine ids).
var namespace = uuid.MustParse("6f1f8a9e-3c55-4a52-9d0e-2b7a41f0c9d3")

// New returns a new lexicographically sortable identifier.
func New() string {
	return ulid.Make().String()
}

// Prefixed returns a new identifier carrying a short type prefix, e.g.
// "wd_01HV...".
func Prefixed(prefix string) string {
	return prefix + "_" + New()
}

// RequestID returns a random identifier suitable for correlating a single
// outbound HTTP call in logs.
func RequestID() string {
	return uuid.NewString()
}

// Derive returns a stable identifier for the given parts. The same parts
// always produce the same identifier.
func Derive(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f"))).String()
}
