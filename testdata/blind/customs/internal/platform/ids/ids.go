// Package ids centralises identifier generation.
//
// Identifiers are ULIDs rendered in their canonical 26-character form,
// optionally with a short type prefix ("shp_", "dec_", ...).
package ids

import (
	"crypto/sha256"
	"strings"

	"github.com/oklog/ulid/v2"
)

// Prefix values used across the service.
const (
	Shipment    = "shp"
	Document    = "doc"
	Declaration = "dec"
	Amendment   = "amd"
	Payment     = "pay"
	Deposit     = "dep"
	Refund      = "rfd"
	Inspection  = "ins"
	LineItem    = "bli"
	Invoice     = "inv"
	CreditNote  = "crn"
	Alert       = "alr"
	Audit       = "aud"
	Request     = "req"
)

// New returns a new, time-ordered identifier with the given prefix.
func New(prefix string) string {
	return join(prefix, ulid.Make().String())
}

// Derive returns a deterministic identifier for the given natural key parts.
// The same parts always yield the same identifier, which lets callers use it
// as a primary key or an external reference that survives redelivery.
func Derive(prefix string, parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "\x1f")))
	var id ulid.ULID
	copy(id[:], h[:16])
	return join(prefix, id.String())
}

func join(prefix, id string) string {
	if prefix == "" {
		return id
	}
	return prefix + "_" + id
}
