// Package ids centralises identifier generation so prefixes and encodings stay
// consistent across the service.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// NewULID returns a new, lexicographically sortable identifier.
func NewULID() string {
	return ulid.Make().String()
}

// New returns a prefixed ULID such as "ret_01HV...".
func New(prefix string) string {
	return prefix + "_" + strings.ToLower(ulid.Make().String())
}

// NewUUID returns a random v4 UUID string.
func NewUUID() string {
	return uuid.NewString()
}

// Derive returns a stable identifier for the given parts. The same parts
// always produce the same identifier, which makes it suitable for keys that
// must survive redelivery.
func Derive(prefix string, parts ...string) string {
	h := sha256.New()
	for i, p := range parts {
		if i > 0 {
			h.Write([]byte{0x1f})
		}
		h.Write([]byte(p))
	}
	return prefix + "_" + hex.EncodeToString(h.Sum(nil))[:32]
}

// DeriveUUID returns a name-based (v5) UUID in the service namespace.
func DeriveUUID(parts ...string) string {
	return uuid.NewSHA1(namespace, []byte(strings.Join(parts, "\x1f"))).String()
}

var namespace = uuid.MustParse("5b0e6a2c-3f0f-4f43-9a4c-2f6f3b8a0d11")
