// Package ids centralizes identifier formats so that every service mints
// ids the same way: UUIDv7 for row keys (time-ordered, index friendly) and
// KSUIDs for human-facing references that travel to partners.
package ids

import (
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
)

// NewV7 returns a time-ordered UUID. uuid.NewV7 only fails if the system
// random source fails, in which case nothing else will work either.
func NewV7() uuid.UUID {
	return uuid.Must(uuid.NewV7())
}

// Generator is the shape services take for their id source so tests can pin
// ids.
type Generator func() uuid.UUID

// KSUID returns a new KSUID string with the given prefix, e.g. "po_2Nj...".
func KSUID(prefix string) string {
	if prefix == "" {
		return ksuid.New().String()
	}
	return prefix + "_" + ksuid.New().String()
}

// PONumber formats a purchase order number the distributor accepts: at most
// 22 characters, upper case alphanumerics.
func PONumber() string {
	return "RN" + strings.ToUpper(ksuid.New().String()[:20])
}

// PatientControlNumber is CLM01 on the 837I. Payers echo it on the 835, so
// it is how remittances find their claim. X12 limits it to 20 characters.
func PatientControlNumber() string {
	return "C" + strings.ToUpper(ksuid.New().String()[:19])
}

// TraceNumber is the TRN02 on a 270 eligibility inquiry.
func TraceNumber() string {
	return strings.ToUpper(ksuid.New().String()[:15])
}

// RequestKey returns an opaque key suitable for partner request headers.
func RequestKey() string {
	return KSUID("rk")
}

// Parse parses a UUID from a path or payload field.
func Parse(s string) (uuid.UUID, error) {
	return uuid.Parse(strings.TrimSpace(s))
}
