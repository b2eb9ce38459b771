// Package keys builds identifiers and partner request keys.
package keys

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
)

// New returns a random key with a readable prefix, e.g. "po_3f2a...".
func New(prefix string) string {
	return prefix + "_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}

// Derive returns a stable key for the given parts. The same parts always
// give the same key, which keeps it under the partners' 64-byte limit.
func Derive(prefix string, parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return prefix + "_" + hex.EncodeToString(h.Sum(nil))[:40]
}

// UUID is the default ID generator handed to services.
func UUID() string { return uuid.NewString() }
