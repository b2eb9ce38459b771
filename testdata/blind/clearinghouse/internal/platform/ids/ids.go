// Package ids centralises identifier formats used across the clearinghouse.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// Namespace for name-based (v5) UUIDs derived from business keys.
var Namespace = uuid.MustParse("6f1c1f5e-8a2b-4f0c-9b7e-3c2d8f4a9e11")

// New returns a sortable, prefixed identifier such as "clm_2Ax...".
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// NewUUID returns a random v4 UUID string.
func NewUUID() string {
	return uuid.NewString()
}

// Derive returns a deterministic identifier for the given business key parts.
// The same parts always yield the same id.
func Derive(prefix string, parts ...string) string {
	u := uuid.NewSHA1(Namespace, []byte(strings.Join(parts, "\x1f")))
	return prefix + "_" + strings.ReplaceAll(u.String(), "-", "")
}

// Fingerprint hashes an arbitrary payload for request comparison.
func Fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Generator is injected wherever a service needs to mint identifiers, so
// tests can substitute a deterministic sequence.
type Generator func(prefix string) string

// Default is the production generator.
var Default Generator = New
