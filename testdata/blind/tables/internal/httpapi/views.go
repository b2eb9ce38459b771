package httpapi

import (
	"time"

	"github.com/tablewise/reservations/internal/db"
)

type bookingView struct {
	ID           string     `json:"id"`
	RestaurantID string     `json:"restaurant_id"`
	Status       string     `json:"status"`
	PartySize    int32      `json:"party_size"`
	StartsAt     time.Time  `json:"starts_at"`
	EndsAt       time.Time  `json:"ends_at"`
	DepositCents int64      `json:"deposit_cents"`
	ConfirmedAt  *time.Time `json:"confirmed_at,omitempty"`
	CancelledAt  *time.Time `json:"cancelled_at,omitempty"`
}

func toBookingView(b db.Booking) bookingView {
	v := bookingView{
		ID:           b.ID,
		RestaurantID: b.RestaurantID,
		Status:       b.Status,
		PartySize:    b.PartySize,
		StartsAt:     b.StartsAt.Time,
		EndsAt:       b.EndsAt.Time,
		DepositCents: b.DepositCents,
	}
	if b.ConfirmedAt.Valid {
		t := b.ConfirmedAt.Time
		v.ConfirmedAt = &t
	}
	if b.CancelledAt.Valid {
		t := b.CancelledAt.Time
		v.CancelledAt = &t
	}
	return v
}

type depositView struct {
	ID          string `json:"id"`
	BookingID   string `json:"booking_id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

func toDepositView(d db.Deposit) depositView {
	return depositView{ID: d.ID, BookingID: d.BookingID, Status: d.Status, AmountCents: d.AmountCents, Currency: d.Currency}
}

type refundView struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_cents"`
}
