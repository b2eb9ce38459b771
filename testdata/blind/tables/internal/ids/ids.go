// Package ids centralises identifier formats.
//
// Entity identifiers are prefixed KSUIDs so they sort by creation time and are
// recognisable in logs ("bk_2Bx..."). UUIDs are used where a peer system
// requires them.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

const (
	PrefixBooking    = "bk"
	PrefixDeposit    = "dep"
	PrefixRefund     = "rf"
	PrefixSlot       = "sl"
	PrefixWaitlist   = "wl"
	PrefixOffer      = "wo"
	PrefixPayout     = "po"
	PrefixAdjustment = "adj"
	PrefixLedger     = "le"
	PrefixSpend      = "sp"
	PrefixSMS        = "sms"
	PrefixAttempt    = "pa"
)

// namespace for name-based UUIDs derived from partner identifiers.
var partnerNamespace = uuid.MustParse("6f1c8f0e-2d7b-4a8e-9c55-0d4b8f6b1a21")

// New returns a fresh prefixed KSUID.
func New(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// Booking returns a fresh booking identifier.
func Booking() string { return New(PrefixBooking) }

// RequestID returns an opaque identifier for correlating log lines.
func RequestID() string { return uuid.NewString() }

// MessageRef returns a reference suitable for tagging an outbound message.
func MessageRef() string { return ksuid.New().String() }

// FromPartner derives a stable UUID from a partner's identifiers, so the same
// partner record always maps to the same local identifier.
func FromPartner(parts ...string) uuid.UUID {
	return uuid.NewSHA1(partnerNamespace, []byte(strings.Join(parts, "|")))
}

// EventUUID returns a fresh UUID for append-only audit rows.
func EventUUID() uuid.UUID { return uuid.New() }
