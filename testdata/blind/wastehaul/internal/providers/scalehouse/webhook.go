// Package scalehouse holds the types and verification for webhooks from the
// scale-house vendor that weighs trucks at the landfill gate.
//
// The vendor delivers each event at least once and retries any non-2xx
// response with backoff for up to 72 hours. Every event has a unique id;
// ticket events also carry the vendor's ticket number.
package scalehouse

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"
)

// Event types.
const (
	EventTicketCompleted = "ticket.completed"
	EventTicketAdjusted  = "ticket.adjusted"
)

// Envelope is the common wrapper.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// TicketCompleted is sent when a truck leaves the scale with a net weight.
type TicketCompleted struct {
	TicketNo     string    `json:"ticket_no"`
	AccountRef   string    `json:"account_ref"`
	SiteRef      string    `json:"site_ref,omitempty"`
	LoadRef      string    `json:"load_ref,omitempty"`
	LandfillCode string    `json:"landfill_code"`
	Material     string    `json:"material"`
	GrossKg      int64     `json:"gross_kg"`
	TareKg       int64     `json:"tare_kg"`
	NetKg        int64     `json:"net_kg"`
	WeighedAt    time.Time `json:"weighed_at"`
}

// TicketAdjusted is sent when the scale master corrects a ticket.
type TicketAdjusted struct {
	TicketNo string `json:"ticket_no"`
	DeltaKg  int64  `json:"delta_kg"`
	Reason   string `json:"reason"`
}

// Verify checks the X-Scale-Signature header (hex HMAC-SHA256 of the body).
func Verify(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
