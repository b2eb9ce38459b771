// Package ids produces identifiers for stored entities.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/rs/xid"
)

// New returns a new random, sortable identifier with the given prefix,
// e.g. "tu_cn1q8vnd0q6s73d2jv0g".
func New(prefix string) string {
	return prefix + "_" + xid.New().String()
}

// Derive returns a stable identifier computed from parts. The same inputs
// always yield the same ID, which makes it suitable for natural keys.
func Derive(prefix string, parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return prefix + "_" + hex.EncodeToString(sum[:12])
}

// Short returns the trailing characters of an ID for human-facing references.
func Short(id string) string {
	if i := strings.LastIndexByte(id, '_'); i >= 0 {
		id = id[i+1:]
	}
	if len(id) > 8 {
		id = id[len(id)-8:]
	}
	return strings.ToUpper(id)
}
