// Package ids centralises how identifiers are minted across the money
// services so that prefixes and formats stay consistent in logs and in the
// provider dashboards.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// namespace seeds every name-based UUID we derive. Changing it would change
// the identity of every derived row, so it is fixed forever.
var namespace = uuid.MustParse("3c6b8e0a-4f3d-5b7a-9d21-7f0e5a6c1b42")

// Derive returns a name-based (v5) UUID for the given kind and parts. The same
// inputs always give the same UUID.
func Derive(kind string, parts ...string) uuid.UUID {
	name := kind + "|" + strings.Join(parts, "|")
	return uuid.NewSHA1(namespace, []byte(name))
}

// LedgerKey builds the primary key of a ledger entry from what caused it,
// e.g. LedgerKey("earn", tripID) -> "le_earn_<tripID>".
func LedgerKey(kind string, parts ...string) string {
	return "le_" + kind + "_" + strings.Join(parts, "_")
}

// NewLedgerID mints a time-ordered ledger entry key for entries that have no
// natural source.
func NewLedgerID() string {
	return "le_" + ksuid.New().String()
}

// NewPaymentReference mints a payout reference in the format the payouts
// provider shows in its portal.
func NewPaymentReference() string {
	return "po_" + ksuid.New().String()
}

// NewRequestID returns an opaque id used to correlate logs across services.
func NewRequestID() string {
	return uuid.NewString()
}

// NewAttemptID returns a sortable id for append-only attempt logs.
func NewAttemptID() string {
	return "att_" + ksuid.New().String()
}

// NewMessageID mints an id for an outbound event.
func NewMessageID() string {
	return ksuid.New().String()
}

// MessageID builds a stable message id from the parts that identify an event.
func MessageID(kind string, parts ...string) string {
	return kind + ":" + strings.Join(parts, ":")
}
