// Package ids centralises identifier formats. Row identifiers are
// prefixed KSUIDs so they sort by creation time and are recognisable in logs
// and in the Stripe dashboard metadata.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// Generator produces a new identifier each time it is called.
type Generator func() string

// Prefixed returns a Generator of "<prefix>_<ksuid>" identifiers.
func Prefixed(prefix string) Generator {
	return func() string {
		return prefix + "_" + ksuid.New().String()
	}
}

// Common generators, one per aggregate.
var (
	Booking      = Prefixed("bk")
	Departure    = Prefixed("dep")
	Payment      = Prefixed("pay")
	Hold         = Prefixed("hld")
	Cancellation = Prefixed("cxl")
	Refund       = Prefixed("rf")
	Invoice      = Prefixed("inv")
	Ledger       = Prefixed("led")
	Email        = Prefixed("em")
	Manifest     = Prefixed("mfs")
)

// NewRequestKey returns a unique key for a single outbound request. The
// scope is kept as a prefix so keys are easy to grep in provider logs.
func NewRequestKey(scope string) string {
	return scope + ":" + uuid.NewString()
}

// Derive builds a deterministic key from its parts. It is used where an
// external system needs a stable reference for an operation we can already
// name (for example "payout" + invoice ID).
func Derive(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	return hex.EncodeToString(sum[:16])
}

// TaskID joins parts into an asynq task ID.
func TaskID(parts ...string) string {
	return strings.Join(parts, ":")
}
