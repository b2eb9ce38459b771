package platform

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// rinkopsNamespace scopes name-based UUIDs so they never collide with
// anything another system derives from the same strings.
var rinkopsNamespace = uuid.MustParse("7c1f3e52-95b4-4b6e-9d6a-1e2f0c9a4d11")

// DeriveUUID returns a stable UUIDv5 for the given parts.
func DeriveUUID(parts ...string) uuid.UUID {
	return uuid.NewSHA1(rinkopsNamespace, []byte(strings.Join(parts, "\x1f")))
}

// NewIdempotencyKey returns a prefixed key suitable for provider calls that
// accept an Idempotency-Key header.
func NewIdempotencyKey(prefix string) string {
	return prefix + "_" + uuid.NewString()
}

// NewRunID returns a short sortable identifier for batch runs and attempt
// logs.
func NewRunID() string {
	return xid.New().String()
}
