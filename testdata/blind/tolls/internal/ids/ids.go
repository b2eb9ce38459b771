// Package ids centralises identifier generation so every package agrees on
// formats: xid for entity keys (sortable, compact), UUIDs for opaque tokens,
// and name-based UUIDs when an identifier has to be reproducible from inputs.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// namespace is the UUIDv5 namespace for identifiers derived by this service.
var namespace = uuid.MustParse("6f1c2a57-4b0e-4d8e-9a53-0e5b7c3d9a11")

// New returns a new entity identifier.
func New() string {
	return xid.New().String()
}

// Token returns a new random opaque token (UUIDv4).
func Token() string {
	return uuid.NewString()
}

// Derive returns an identifier that is a pure function of kind and parts.
// Callers use it where the same input must always map to the same ID.
func Derive(kind string, parts ...string) string {
	name := kind + ":" + strings.Join(parts, "|")
	return uuid.NewSHA1(namespace, []byte(name)).String()
}

// RequestID returns a short correlation ID for logs and tracing headers.
func RequestID() string {
	return "req_" + xid.New().String()
}
