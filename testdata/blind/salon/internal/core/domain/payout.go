package domain

import (
	"time"

	"github.com/google/uuid"
)

type PayoutKind string

const (
	PayoutWeekly  PayoutKind = "weekly"
	PayoutInstant PayoutKind = "instant"
)

type PayoutStatus string

const (
	PayoutPending PayoutStatus = "pending"
	PayoutPaid    PayoutStatus = "paid"
	PayoutFailed  PayoutStatus = "failed"
)

// InstantPayoutFeeBPS is charged on instant payouts to freelance stylists.
const InstantPayoutFeeBPS = 150

type Payout struct {
	ID                 uuid.UUID    `db:"id" json:"id"`
	StylistID          uuid.UUID    `db:"stylist_id" json:"stylist_id"`
	Kind               PayoutKind   `db:"kind" json:"kind"`
	PeriodStart        *time.Time   `db:"period_start" json:"period_start,omitempty"`
	AmountCents        Cents        `db:"amount_cents" json:"amount_cents"`
	FeeCents           Cents        `db:"fee_cents" json:"fee_cents"`
	Status             PayoutStatus `db:"status" json:"status"`
	ProviderTransferID *string      `db:"provider_transfer_id" json:"provider_transfer_id,omitempty"`
	CreatedAt          time.Time    `db:"created_at" json:"created_at"`
	UpdatedAt          time.Time    `db:"updated_at" json:"updated_at"`
}

type CommissionEntry struct {
	AppointmentID uuid.UUID  `db:"appointment_id"`
	StylistID     uuid.UUID  `db:"stylist_id"`
	AmountCents   Cents      `db:"amount_cents"`
	PayoutID      *uuid.UUID `db:"payout_id"`
	CreatedAt     time.Time  `db:"created_at"`
}

type StylistBalance struct {
	StylistID      uuid.UUID `db:"stylist_id" json:"stylist_id"`
	PendingCents   Cents     `db:"pending_cents" json:"pending_cents"`
	AvailableCents Cents     `db:"available_cents" json:"available_cents"`
	UpdatedAt      time.Time `db:"updated_at" json:"updated_at"`
}

// TransferResult is what the payouts partner returns for a transfer.
type TransferResult struct {
	TransferID string
	Status     string
	FeeCents   Cents
}

// WeekStart returns the Monday 00:00 UTC of the week containing t.
func WeekStart(t time.Time) time.Time {
	t = t.UTC()
	offset := (int(t.Weekday()) + 6) % 7
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return d.AddDate(0, 0, -offset)
}
