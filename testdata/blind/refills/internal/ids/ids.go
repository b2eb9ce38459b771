// Package ids centralises identifier generation so services can take
// generators as plain function fields and tests can pin them.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// UUIDFunc returns a new random row identifier.
type UUIDFunc func() uuid.UUID

// XIDFunc returns a new sortable short identifier.
type XIDFunc func() string

// NewUUID is the production UUIDFunc.
func NewUUID() uuid.UUID { return uuid.New() }

// NewXID is the production XIDFunc.
func NewXID() string { return xid.New().String() }

// Derived builds a stable key from its parts, for provider dedup keys that
// must be the same on every attempt of one operation.
func Derived(prefix string, parts ...string) string {
	return prefix + ":" + strings.Join(parts, ":")
}

// Fingerprint hashes a request body so a reused idempotency key with a
// different payload can be refused.
func Fingerprint(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
