package domain

import "time"

type TenderStatus string

const (
	TenderOffered   TenderStatus = "offered"
	TenderAccepted  TenderStatus = "accepted"
	TenderDeclined  TenderStatus = "declined"
	TenderExpired   TenderStatus = "expired"
	TenderWithdrawn TenderStatus = "withdrawn"
)

// Tender is an offer of a load to a specific carrier at its bid rate.
type Tender struct {
	ID            string
	LoadID        string
	BidID         string
	CarrierID     string
	RateCents     int64
	Status        TenderStatus
	WorkflowID    string
	OfferedAt     time.Time
	ExpiresAt     time.Time
	RespondedAt   *time.Time
	DeclineReason string
}

// Open reports whether the carrier can still respond.
func (t *Tender) Open(now time.Time) bool {
	return t.Status == TenderOffered && now.Before(t.ExpiresAt)
}

// TenderAttempt is an append-only log entry of one offer round.
type TenderAttempt struct {
	ID         string
	LoadID     string
	BidID      string
	WorkflowID string
	Round      int
	Outcome    string
	RecordedAt time.Time
}

// Assignment records which carrier, driver and truck haul a booked load.
type Assignment struct {
	ID                     string
	LoadID                 string
	TenderID               string
	CarrierID              string
	DriverName             string
	DriverPhone            string
	TruckNumber            string
	TrackingSubscriptionID string
	CreatedAt              time.Time
}

// TenderResponse is the signal delivered to the tender workflow when the
// carrier answers an offer.
type TenderResponse struct {
	TenderID string `json:"tender_id"`
	Accepted bool   `json:"accepted"`
	Reason   string `json:"reason,omitempty"`
}

// TenderCandidate is one ranked bid the workflow will offer the load to.
type TenderCandidate struct {
	BidID     string `json:"bid_id"`
	CarrierID string `json:"carrier_id"`
	RateCents int64  `json:"rate_cents"`
}

// TenderPlan is the input of the tender workflow.
type TenderPlan struct {
	LoadID      string            `json:"load_id"`
	AwardedBy   string            `json:"awarded_by"`
	Candidates  []TenderCandidate `json:"candidates"`
	OfferWindow time.Duration     `json:"offer_window"`
}
