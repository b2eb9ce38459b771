// Package events defines the Kafka topics, payloads and plumbing (outbox,
// relay, router) for seat-inventory and booking events.
package events

import (
	"time"

	"github.com/google/uuid"
)

const (
	TopicSeatInventory = "coachbus.seat-inventory.v1"
	TopicBookings      = "coachbus.bookings.v1"
	TopicPoison        = "coachbus.poison.v1"

	MetaEventType    = "event_type"
	MetaPartitionKey = "partition_key"
)

const (
	TypeSeatsHeld        = "seat.held"
	TypeSeatsReleased    = "seat.released"
	TypeSeatsSold        = "seat.sold"
	TypeBookingConfirmed = "booking.confirmed"
	TypeBookingRebooked  = "booking.rebooked"
	TypeTicketRefunded   = "ticket.refunded"
)

// Event is anything that can be written to the outbox.
type Event interface {
	Topic() string
	Type() string
	Key() string
}

// SeatInventoryChanged moves seats between the free, held and sold buckets
// of a trip's availability projection. Deltas may be negative.
type SeatInventoryChanged struct {
	Kind       string     `json:"kind"`
	TripID     uuid.UUID  `json:"trip_id"`
	HoldID     *uuid.UUID `json:"hold_id,omitempty"`
	HeldDelta  int32      `json:"held_delta"`
	SoldDelta  int32      `json:"sold_delta"`
	OccurredAt time.Time  `json:"occurred_at"`
}

func (e SeatInventoryChanged) Topic() string { return TopicSeatInventory }
func (e SeatInventoryChanged) Type() string  { return e.Kind }
func (e SeatInventoryChanged) Key() string   { return e.TripID.String() }

// BookingConfirmed is emitted once per booking, web or partner.
type BookingConfirmed struct {
	BookingID      uuid.UUID   `json:"booking_id"`
	TripID         uuid.UUID   `json:"trip_id"`
	Channel        string      `json:"channel"`
	CustomerID     *uuid.UUID  `json:"customer_id,omitempty"`
	PartnerID      *uuid.UUID  `json:"partner_id,omitempty"`
	AgentReference string      `json:"agent_reference,omitempty"`
	TicketIDs      []uuid.UUID `json:"ticket_ids"`
	TotalCents     int64       `json:"total_cents"`
	Currency       string      `json:"currency"`
	ContactPhone   string      `json:"contact_phone,omitempty"`
	DepartsAt      time.Time   `json:"departs_at"`
}

func (e BookingConfirmed) Topic() string { return TopicBookings }
func (e BookingConfirmed) Type() string  { return TypeBookingConfirmed }
func (e BookingConfirmed) Key() string   { return e.BookingID.String() }

// BookingRebooked is emitted when a ticket is moved to another trip by us
// (trip cancellation), not by the passenger.
type BookingRebooked struct {
	BookingID    uuid.UUID  `json:"booking_id"`
	OldTicketID  uuid.UUID  `json:"old_ticket_id"`
	NewTicketID  uuid.UUID  `json:"new_ticket_id"`
	FromTripID   uuid.UUID  `json:"from_trip_id"`
	ToTripID     uuid.UUID  `json:"to_trip_id"`
	DepartsAt    time.Time  `json:"departs_at"`
	PartnerID    *uuid.UUID `json:"partner_id,omitempty"`
	ContactPhone string     `json:"contact_phone,omitempty"`
}

func (e BookingRebooked) Topic() string { return TopicBookings }
func (e BookingRebooked) Type() string  { return TypeBookingRebooked }
func (e BookingRebooked) Key() string   { return e.BookingID.String() }

// TicketRefunded is emitted after the refund has been accepted by Stripe.
type TicketRefunded struct {
	BookingID    uuid.UUID  `json:"booking_id"`
	TicketID     uuid.UUID  `json:"ticket_id"`
	AmountCents  int64      `json:"amount_cents"`
	Currency     string     `json:"currency"`
	Reason       string     `json:"reason"`
	PartnerID    *uuid.UUID `json:"partner_id,omitempty"`
	ContactPhone string     `json:"contact_phone,omitempty"`
}

func (e TicketRefunded) Topic() string { return TopicBookings }
func (e TicketRefunded) Type() string  { return TypeTicketRefunded }
func (e TicketRefunded) Key() string   { return e.BookingID.String() }
