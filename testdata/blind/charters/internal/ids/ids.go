// Package ids centralises the identifier formats used across charterhub.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// New returns a sortable, prefixed identifier such as "led_cs1ab...".
func New(prefix string) string {
	return prefix + "_" + xid.New().String()
}

// UUID returns a random v4 UUID string.
func UUID() string {
	return uuid.NewString()
}

// namespace for name-based identifiers; never change it, every derived ID
// in the database depends on it.
var namespace = uuid.MustParse("6f1c9a52-3b7e-4d2a-9a41-1e0c2b8d5f73")

// Derive returns a UUIDv5 over the given parts, so the same inputs always
// give the same identifier.
func Derive(kind string, parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(kind+":"+strings.Join(parts, "/"))).String()
}
