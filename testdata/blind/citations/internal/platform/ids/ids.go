// Package ids centralises identifier generation so that services and
// repositories can take a `func() string` and tests can swap it out.
package ids

import (
	"crypto/sha256"
	"encoding/base32"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// Generator produces a new identifier.
type Generator func() string

// UUID returns a random (v4) UUID string.
func UUID() string { return uuid.NewString() }

// XID returns a 20-character, roughly time-ordered xid.
func XID() string { return xid.New().String() }

// Prefixed wraps an xid generator with a type prefix, e.g. "pln_".
func Prefixed(prefix string) Generator {
	return func() string { return prefix + xid.New().String() }
}

// namespace is the UUIDv5 namespace for identifiers derived from natural keys.
var namespace = uuid.MustParse("2d1f8c8e-55a4-4b7e-9d7e-6a0c1b7f3e10")

// Derived returns a deterministic UUID (v5) for the given parts. The same
// parts always yield the same identifier.
func Derived(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "|"))).String()
}

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// CitationNumber derives the human-facing citation number from the
// violation it was issued for. The number is printed on notices and typed
// into the payment portal, so it is short, upper-case and has no 0/O/1/I
// ambiguity beyond what base32 already avoids.
func CitationNumber(violationID string) string {
	sum := sha256.Sum256([]byte("citation|" + violationID))
	return "HC" + b32.EncodeToString(sum[:])[:10]
}

// Short returns the first n characters of an identifier for log lines.
func Short(id string, n int) string {
	if len(id) <= n {
		return id
	}
	return id[:n]
}
