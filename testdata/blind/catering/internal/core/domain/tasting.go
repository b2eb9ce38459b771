package domain

import (
	"time"

	"github.com/google/uuid"
)

type TastingID string

type TastingStatus string

const (
	TastingBooked    TastingStatus = "booked"
	TastingPaid      TastingStatus = "paid"
	TastingCompleted TastingStatus = "completed"
	TastingNoShow    TastingStatus = "no_show"
)

type Tasting struct {
	ID              TastingID     `json:"id"`
	EnquiryID       uuid.UUID     `json:"enquiry_id"`
	SlotAt          time.Time     `json:"slot_at"`
	Guests          int           `json:"guests"`
	FeeCents        int64         `json:"fee_cents"`
	Currency        string        `json:"currency"`
	Status          TastingStatus `json:"status"`
	PaymentIntentID string        `json:"payment_intent_id,omitempty"`
	CreatedAt       time.Time     `json:"created_at"`
	CompletedAt     *time.Time    `json:"completed_at,omitempty"`
}

// TastingFeePerGuest is charged for each guest attending a tasting and is
// credited back against the event invoice once the tasting has happened.
const TastingFeePerGuest = 2500

func (t Tasting) Fee() Money { return NewMoney(t.FeeCents, t.Currency) }
