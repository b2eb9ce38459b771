// Package domain holds the types shared across the channel manager.
package domain

import (
	"fmt"
	"time"
)

// Status of a reservation in the ledger.
type Status string

const (
	StatusPending   Status = "pending"
	StatusConfirmed Status = "confirmed"
	StatusCheckedIn Status = "checked_in"
	StatusCancelled Status = "cancelled"
	StatusNoShow    Status = "no_show"
	StatusFailed    Status = "failed"
	StatusRelocated Status = "relocated"
)

// ChannelDirect is the channel of bookings made on the hotel's own engine.
const ChannelDirect = "direct"

// Money is an amount in minor units.
type Money struct {
	Minor    int64  `json:"amount_minor"`
	Currency string `json:"currency"`
}

func (m Money) String() string {
	return fmt.Sprintf("%d.%02d %s", m.Minor/100, m.Minor%100, m.Currency)
}

// Stay is the room and nights a reservation occupies.
type Stay struct {
	PropertyID string    `json:"property_id"`
	RoomTypeID string    `json:"room_type_id"`
	CheckIn    time.Time `json:"check_in"`
	CheckOut   time.Time `json:"check_out"`
}

// Nights returns each stay date (check-in inclusive, check-out exclusive).
func (s Stay) Nights() []time.Time {
	var out []time.Time
	for d := s.CheckIn; d.Before(s.CheckOut); d = d.AddDate(0, 0, 1) {
		out = append(out, d)
	}
	return out
}

// Equal reports whether two stays occupy the same inventory.
func (s Stay) Equal(o Stay) bool {
	return s.PropertyID == o.PropertyID && s.RoomTypeID == o.RoomTypeID &&
		s.CheckIn.Equal(o.CheckIn) && s.CheckOut.Equal(o.CheckOut)
}

// Guest is the contact data kept on the reservation.
type Guest struct {
	ID    string `json:"guest_id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone"`
}

// Reservation is a row of the ledger.
type Reservation struct {
	ID         string    `json:"id"`
	Channel    string    `json:"channel"`
	ChannelRef string    `json:"channel_ref"`
	Stay       Stay      `json:"stay"`
	Guest      Guest     `json:"guest"`
	Total      Money     `json:"total"`
	Status     Status    `json:"status"`
	Version    int       `json:"version"`
	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// Diff returns nights released and nights newly consumed when moving from
// old to new.
func Diff(old, new Stay) (released, consumed []time.Time) {
	if old.PropertyID != new.PropertyID || old.RoomTypeID != new.RoomTypeID {
		return old.Nights(), new.Nights()
	}
	inNew := map[string]bool{}
	for _, d := range new.Nights() {
		inNew[d.Format(time.DateOnly)] = true
	}
	inOld := map[string]bool{}
	for _, d := range old.Nights() {
		k := d.Format(time.DateOnly)
		inOld[k] = true
		if !inNew[k] {
			released = append(released, d)
		}
	}
	for _, d := range new.Nights() {
		if !inOld[d.Format(time.DateOnly)] {
			consumed = append(consumed, d)
		}
	}
	return released, consumed
}
