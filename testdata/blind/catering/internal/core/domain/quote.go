package domain

import (
	"time"

	"github.com/google/uuid"
)

type QuoteStatus string

const (
	QuoteSent     QuoteStatus = "sent"
	QuoteAccepted QuoteStatus = "accepted"
	QuoteExpired  QuoteStatus = "expired"
	QuoteDeclined QuoteStatus = "declined"
)

type Quote struct {
	ID              uuid.UUID   `json:"id"`
	EnquiryID       uuid.UUID   `json:"enquiry_id"`
	MenuCode        string      `json:"menu_code"`
	PerHeadCents    int64       `json:"per_head_cents"`
	GuestCount      int         `json:"guest_count"`
	ServiceFeeCents int64       `json:"service_fee_cents"`
	TotalCents      int64       `json:"total_cents"`
	Currency        string      `json:"currency"`
	Status          QuoteStatus `json:"status"`
	ValidUntil      time.Time   `json:"valid_until"`
	CreatedAt       time.Time   `json:"created_at"`
	AcceptedAt      *time.Time  `json:"accepted_at,omitempty"`
}

// Price recomputes the quote total from its components.
func (q *Quote) Price() {
	q.TotalCents = q.PerHeadCents*int64(q.GuestCount) + q.ServiceFeeCents
}

func (q Quote) Acceptable(now time.Time) error {
	if q.Status != QuoteSent && q.Status != QuoteAccepted {
		return &StateError{Entity: "quote", From: string(q.Status), To: string(QuoteAccepted)}
	}
	if q.Status == QuoteSent && now.After(q.ValidUntil) {
		return &StateError{Entity: "quote", From: "lapsed", To: string(QuoteAccepted)}
	}
	return nil
}

// DepositShare is the fraction of the total collected up front, in basis points.
const DepositShare = 2500
