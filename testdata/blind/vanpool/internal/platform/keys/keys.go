// Package keys builds identifiers: fresh ones for new records and stable,
// derived ones for operations that must map to the same id on every attempt.
package keys

import (
	"strings"

	"github.com/google/uuid"
)

// namespace roots every derived id so they never collide with random v4s.
var namespace = uuid.MustParse("0d1c3a5e-7f52-4c8e-9a51-6a6b2f0d8e11")

// New returns a fresh random id with a readable prefix, e.g. "ded_4f1c…".
func New(prefix string) string {
	return prefix + "_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}

// Derive returns a deterministic UUID for (kind, parts...). The same inputs
// always produce the same id.
func Derive(kind string, parts ...string) uuid.UUID {
	name := kind + ":" + strings.Join(parts, ":")
	return uuid.NewSHA1(namespace, []byte(name))
}

// DeriveKey is Derive rendered as a provider-facing idempotency key.
func DeriveKey(kind string, parts ...string) string {
	return kind + "_" + strings.ReplaceAll(Derive(kind, parts...).String(), "-", "")
}
