// Package events defines the messages exchanged over NATS JetStream.
package events

import "time"

// Subjects on the POS_EVENTS stream, published by the TillPoint bridge.
const (
	SubjectTableSeated       = "pos.events.table.seated"
	SubjectCheckClosed       = "pos.events.check.closed"
	SubjectReservationAcked  = "pos.events.reservation.acked"
	SubjectWalkinCreated     = "pos.events.walkin.created"
	SubjectOutboundConfirmed = "outbound.pos.booking.confirmed"
)

// TableSeated: the host seated a party that we booked.
type TableSeated struct {
	LocationID  string    `json:"location_id"`
	ExternalRef string    `json:"external_ref"`
	TableID     string    `json:"table_id"`
	SeatedAt    time.Time `json:"seated_at"`
}

// CheckClosed: the guest paid; spend is used for commission.
type CheckClosed struct {
	LocationID    string    `json:"location_id"`
	ExternalRef   string    `json:"external_ref"`
	CheckID       string    `json:"check_id"`
	SubtotalCents int64     `json:"subtotal_cents"`
	TipCents      int64     `json:"tip_cents"`
	ClosedAt      time.Time `json:"closed_at"`
}

// ReservationAcked: the POS accepted a reservation we pushed.
type ReservationAcked struct {
	LocationID       string    `json:"location_id"`
	ExternalRef      string    `json:"external_ref"`
	POSReservationID string    `json:"pos_reservation_id"`
	AckedAt          time.Time `json:"acked_at"`
}

// WalkinCreated: the host seated a walk-in party.
type WalkinCreated struct {
	LocationID   string    `json:"location_id"`
	RestaurantID string    `json:"partner_ref"`
	WalkinID     string    `json:"walkin_id"`
	GuestName    string    `json:"guest_name"`
	Covers       int       `json:"covers"`
	SeatedAt     time.Time `json:"seated_at"`
	Minutes      int       `json:"expected_minutes"`
}

// BookingConfirmed is published by the API when a restaurant confirms a
// booking, and relayed to the POS partner by the worker.
type BookingConfirmed struct {
	BookingID    string    `json:"booking_id"`
	RestaurantID string    `json:"restaurant_id"`
	LocationID   string    `json:"location_id"`
	ConfirmedAt  time.Time `json:"confirmed_at"`
}
