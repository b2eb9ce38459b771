// Package ids builds the human-readable references printed on terminal
// paperwork and shown in the ops console.
package ids

import (
	"fmt"
	"strings"
	"time"

	"github.com/rs/xid"
)

// IncidentRef returns a reference such as "RF-20261201-0815-MSKU1234565-cq7v".
// Ops staff read these aloud over the radio, so the date and container come
// first and the random tail only disambiguates.
func IncidentRef(containerNo string, at time.Time) string {
	tail := xid.NewWithTime(at).String()
	return fmt.Sprintf("RF-%s-%s-%s", at.UTC().Format("20060102-1504"), strings.ToUpper(containerNo), tail[len(tail)-4:])
}

// InvoiceNumber formats the printed invoice number for a line and period.
func InvoiceNumber(lineCode, period string) string {
	return fmt.Sprintf("DM-%s-%s", strings.ToUpper(lineCode), strings.ReplaceAll(period, "-", ""))
}

// OutboxKey builds the dedup key of an outbound EDI message from its parts.
func OutboxKey(messageType string, parts ...string) string {
	return messageType + ":" + strings.Join(parts, ":")
}
