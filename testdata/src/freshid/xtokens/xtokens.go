// Package xtokens makes identifiers from random bytes, and nothing else
// of idemlint's concern.
package xtokens

import (
	"crypto/rand"
	"encoding/hex"
)

// New returns prefix_ and sixteen random hex digits: fresh on every call.
func New(prefix string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return prefix + "_" + hex.EncodeToString(b)
}

// Fixed returns the same value on every call.
func Fixed(prefix string) string { return prefix + "_0" }
