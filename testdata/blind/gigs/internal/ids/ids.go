// Package ids holds the identifier generators used across the escrow service.
//
// Entities that show up in URLs and support tooling (milestones, disputes,
// payouts) use xid: short, sortable and URL safe. Ledger rows, evidence and
// provider-facing references use UUIDs.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
)

// Generator returns a new identifier on each call.
type Generator func() string

// XID returns a new globally unique, time-sortable 20 character id.
func XID() string { return xid.New().String() }

// UUID returns a new random (v4) UUID string.
func UUID() string { return uuid.NewString() }

// Prefixed wraps a generator so every id carries a type prefix ("ms_", "po_").
func Prefixed(prefix string, gen Generator) Generator {
	return func() string { return prefix + gen() }
}

// Derive builds a deterministic key from stable parts, e.g.
// Derive("refund", milestoneID) == "refund:ms_c9...". Use it for provider
// idempotency keys and ledger entry keys that must survive retries.
func Derive(parts ...string) string {
	return strings.Join(parts, ":")
}

// ValidUUID reports whether s parses as a UUID.
func ValidUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil
}
