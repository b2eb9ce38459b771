package domain

import (
	"time"

	"github.com/google/uuid"
)

type EventStatus string

const (
	EventConfirmed   EventStatus = "confirmed"
	EventDepositPaid EventStatus = "deposit_paid"
	EventPaid        EventStatus = "paid"
	EventCompleted   EventStatus = "completed"
	EventCancelled   EventStatus = "cancelled"
)

type Event struct {
	ID            uuid.UUID   `json:"id"`
	QuoteID       uuid.UUID   `json:"quote_id"`
	EnquiryID     uuid.UUID   `json:"enquiry_id"`
	CustomerID    uuid.UUID   `json:"customer_id"`
	VenueID       *uuid.UUID  `json:"venue_id,omitempty"`
	EventDate     time.Time   `json:"event_date"`
	GuestCount    int         `json:"guest_count"`
	Status        EventStatus `json:"status"`
	TotalCents    int64       `json:"total_cents"`
	PaidCents     int64       `json:"paid_cents"`
	RefundedCents int64       `json:"refunded_cents"`
	Currency      string      `json:"currency"`
	CreatedAt     time.Time   `json:"created_at"`
	CancelledAt   *time.Time  `json:"cancelled_at,omitempty"`
}

func (e Event) Outstanding() Money {
	return NewMoney(e.TotalCents-e.PaidCents, e.Currency)
}

func (e Event) Deposit() Money {
	return NewMoney(e.TotalCents, e.Currency).Percent(DepositShare)
}

func (e Event) Cancellable() error {
	switch e.Status {
	case EventCancelled, EventCompleted:
		return &StateError{Entity: "event", From: string(e.Status), To: string(EventCancelled)}
	}
	return nil
}

// RefundPolicy returns the share of paid amounts returned to the client
// when an event is cancelled at the given time.
func (e Event) RefundPolicy(now time.Time) int {
	days := int(e.EventDate.Sub(now).Hours() / 24)
	switch {
	case days >= 60:
		return 10000
	case days >= 30:
		return 7500
	case days >= 14:
		return 5000
	default:
		return 0
	}
}

type MenuSelection struct {
	EventID  uuid.UUID `json:"event_id"`
	Course   string    `json:"course"`
	DishCode string    `json:"dish_code"`
	Notes    string    `json:"notes"`
}

type HeadcountChange struct {
	ID         uuid.UUID `json:"id"`
	EventID    uuid.UUID `json:"event_id"`
	Delta      int       `json:"delta"`
	DeltaCents int64     `json:"delta_cents"`
	Reason     string    `json:"reason"`
	NewCount   int       `json:"new_count"`
	NewTotal   int64     `json:"new_total_cents"`
	CreatedAt  time.Time `json:"created_at"`
}

type Cancellation struct {
	EventID     uuid.UUID `json:"event_id"`
	Reason      string    `json:"reason"`
	RequestedBy string    `json:"requested_by"`
	RefundCents int64     `json:"refund_cents"`
	CreatedAt   time.Time `json:"created_at"`
}
