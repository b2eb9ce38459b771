// Package ids centralises identifier formats used across the service.
package ids

import (
	"crypto/rand"
	"encoding/base32"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

// Namespaces for name-based (v5) UUIDs.
var (
	QuoteNS     = uuid.MustParse("5b1f3a2e-7d44-4c1b-9a0e-2f6c1d8e9b01")
	FundingNS   = uuid.MustParse("8c2d4e6f-1a3b-4c5d-8e7f-90a1b2c3d4e5")
	ScreeningNS = uuid.MustParse("0f9e8d7c-6b5a-4938-a716-253443526170")
	LedgerNS    = uuid.MustParse("a1b2c3d4-e5f6-4789-8abc-def012345678")
)

// Derive returns a stable UUID for the given parts within a namespace.
func Derive(ns uuid.UUID, parts ...string) uuid.UUID {
	return uuid.NewSHA1(ns, []byte(strings.Join(parts, "|")))
}

// Request returns a short, sortable identifier for a request or an outbound call.
func Request() string {
	return xid.New().String()
}

// Sortable returns a K-sortable identifier suitable for append-only rows.
func Sortable() string {
	return ksuid.New().String()
}

// Prefixed returns a sortable identifier with a type prefix, e.g. "rl_2Ak...".
func Prefixed(prefix string) string {
	return prefix + "_" + ksuid.New().String()
}

// PickupCode returns a 10 character code the recipient shows at the agent.
func PickupCode() string {
	var b [7]byte
	_, _ = rand.Read(b[:])
	return strings.ToUpper(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))[:10]
}
