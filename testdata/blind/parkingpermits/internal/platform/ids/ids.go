// Package ids builds the human-facing identifiers printed on permits and
// receipts. Database keys are UUIDs; these are what a resident reads out to
// the counter clerk or an enforcement officer types into a handheld.
package ids

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"
)

// permitAlphabet drops I, O, 0 and 1, which enforcement staff misread.
const permitAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// PermitNumber returns a printable permit number such as "RP-E3-25-7KQ9M2".
// The zone and the two-digit year come first so officers can sort a stack of
// returned hang-tags by zone without a lookup.
func PermitNumber(zone string, at time.Time) string {
	var b strings.Builder
	for range 6 {
		b.WriteByte(permitAlphabet[rand.IntN(len(permitAlphabet))])
	}
	return fmt.Sprintf("RP-%s-%02d-%s", strings.ToUpper(zone), at.Year()%100, b.String())
}

// NewPermit returns the key and printable number for a permit being issued
// now.
func NewPermit(zone string) (uuid.UUID, string) {
	now := time.Now()
	return uuid.New(), PermitNumber(zone, now)
}
