package payout

import (
	"strings"

	"github.com/rs/xid"
)

// NewReference returns a short reference that fits the partner's 32 character
// request_id and bank statement limits, e.g. "SB-cq8v2h6p0b0c73fna4sg".
func NewReference(prefix string) string {
	var b strings.Builder
	b.WriteString(strings.ToUpper(prefix))
	b.WriteByte('-')
	b.WriteString(xid.New().String())
	return b.String()
}

// StatementText is what the player sees on the bank statement.
func StatementText(brand, withdrawalID string) string {
	s := brand + " withdrawal " + withdrawalID
	if len(s) > 35 {
		s = s[:35]
	}
	return s
}
