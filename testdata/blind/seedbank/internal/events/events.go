// Package events defines the payloads exchanged over the broker.
package events

import "time"

// ReservationConfirmed is published when a member confirms a held
// reservation and it is ready to ship.
type ReservationConfirmed struct {
	ReservationID string    `json:"reservation_id"`
	MemberID      string    `json:"member_id"`
	PacketID      string    `json:"packet_id"`
	Quantity      int       `json:"quantity"`
	ConfirmedAt   time.Time `json:"confirmed_at"`
}

// SeedLotReceived is published when a lot enters the library and needs a
// germination test.
type SeedLotReceived struct {
	LotID  string `json:"lot_id"`
	Source string `json:"source"`
}

// DonationRecorded is published when a grower's donation is logged.
type DonationRecorded struct {
	DonationID string `json:"donation_id"`
}

// GerminationCompleted is published when the lab reports a result.
type GerminationCompleted struct {
	LotID     string  `json:"lot_id"`
	SampleRef string  `json:"sample_ref"`
	Run       int     `json:"run"`
	RatePct   float64 `json:"rate_pct"`
}

// DuesPaid is published when a dues charge succeeds.
type DuesPaid struct {
	MemberID  string `json:"member_id"`
	InvoiceID string `json:"invoice_id"`
	Period    string `json:"period"`
	ChargeID  string `json:"charge_id"`
}
