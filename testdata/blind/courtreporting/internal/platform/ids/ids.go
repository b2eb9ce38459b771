// Package ids mints the prefixed, sortable identifiers used as primary keys.
package ids

import (
	"strings"

	"github.com/rs/xid"
)

// New returns an identifier such as "cpy_d1h3k2b5n8f0m4c9q7ag".
func New(prefix string) string {
	return prefix + "_" + xid.New().String()
}

// Derive builds a deterministic identifier from stable parts, for keys that
// must come out the same on every attempt.
func Derive(prefix string, parts ...string) string {
	return prefix + ":" + strings.Join(parts, ":")
}
