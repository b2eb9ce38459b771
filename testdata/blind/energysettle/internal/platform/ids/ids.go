// Package ids centralises identifier generation so that services can take
// a generator as a dependency and tests can pin it.
package ids

import (
	"strings"

	"github.com/google/uuid"
)

// namespace is the UUIDv5 namespace for identifiers derived from business
// keys. Changing it changes every derived identifier; don't.
var namespace = uuid.MustParse("6f1c3a52-9d0e-4c39-8a5b-3c2f7f0b9e41")

// New returns a random UUIDv4 string.
func New() string {
	return uuid.NewString()
}

// Derive returns a deterministic UUIDv5 built from a kind and a list of
// business-key parts. The same inputs always give the same identifier.
func Derive(kind string, parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(kind+"|"+strings.Join(parts, "|"))).String()
}

// Generator is the function type services hold for fresh identifiers.
type Generator func() string
