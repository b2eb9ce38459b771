// Package ids centralises identifier generation so that the formats stay
// consistent across services.
package ids

import (
	"crypto/rand"
	"encoding/base32"
	"strings"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// namespace for name-based (v5) identifiers. Changing this re-keys every
// derived ID in the system, so don't.
var namespace = uuid.MustParse("8a1f7c8e-3b0e-4f1b-9d59-6a8f1a0c2e11")

// NewULID returns a new lexically sortable identifier.
func NewULID() string {
	return ulid.Make().String()
}

// NewUUID returns a new random UUID.
func NewUUID() uuid.UUID {
	return uuid.New()
}

// Derive returns a stable UUID for (kind, parts...). The same inputs always
// produce the same UUID, which lets a redelivered message land on the row it
// created the first time.
func Derive(kind string, parts ...string) uuid.UUID {
	name := kind + ":" + strings.Join(parts, ":")
	return uuid.NewSHA1(namespace, []byte(name))
}

// PickupCode returns a short human-friendly code for in-store pickup.
func PickupCode() string {
	var b [5]byte
	_, _ = rand.Read(b[:])
	return strings.TrimRight(base32.StdEncoding.EncodeToString(b[:]), "=")[:6]
}
