// Package events defines the booking events published on JetStream and the
// publisher used to send them.
package events

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/idgen"
)

// Stream and subjects.
const (
	StreamBookings = "BOOKINGS"
	StreamAccess   = "ACCESS"

	SubjectRoomBooked    = "bookings.room.created"
	SubjectRoomCancelled = "bookings.room.cancelled"
	SubjectMemberCheckin = "access.checkin"
)

// Envelope wraps every event. ID doubles as the JetStream Nats-Msg-Id so
// the stream's duplicate window drops re-publishes of the same event.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// Decode unmarshals the envelope's data.
func (e Envelope) Decode(dst any) error {
	if err := json.Unmarshal(e.Data, dst); err != nil {
		return fmt.Errorf("decode %s event %s: %w", e.Type, e.ID, err)
	}
	return nil
}

// Builder assembles envelopes.
type Builder struct {
	env Envelope
	err error
}

// New starts an envelope of the given type with a freshly generated ID.
func New(eventType string) *Builder {
	return &Builder{env: Envelope{ID: idgen.Prefixed("evt"), Type: eventType, OccurredAt: time.Now().UTC()}}
}

// WithID overrides the generated ID.
func (b *Builder) WithID(id string) *Builder {
	b.env.ID = id
	return b
}

// At sets the occurrence time.
func (b *Builder) At(t time.Time) *Builder {
	b.env.OccurredAt = t.UTC()
	return b
}

// Data sets the payload.
func (b *Builder) Data(v any) *Builder {
	raw, err := json.Marshal(v)
	if err != nil {
		b.err = err
		return b
	}
	b.env.Data = raw
	return b
}

// Build returns the finished envelope.
func (b *Builder) Build() (Envelope, error) {
	if b.err != nil {
		return Envelope{}, fmt.Errorf("build %s event: %w", b.env.Type, b.err)
	}
	return b.env, nil
}

// RoomBooked is published when a meeting room booking is confirmed.
type RoomBooked struct {
	BookingID uuid.UUID `json:"booking_id"`
	MemberID  uuid.UUID `json:"member_id"`
	RoomID    uuid.UUID `json:"room_id"`
	RoomName  string    `json:"room_name"`
	StartsAt  time.Time `json:"starts_at"`
	EndsAt    time.Time `json:"ends_at"`
	Attendees int       `json:"attendees"`
	Catering  bool      `json:"catering"`
}

// RoomCancelled is published when a booking is cancelled by the member.
type RoomCancelled struct {
	BookingID uuid.UUID `json:"booking_id"`
	MemberID  uuid.UUID `json:"member_id"`
	RoomID    uuid.UUID `json:"room_id"`
	StartsAt  time.Time `json:"starts_at"`
	EndsAt    time.Time `json:"ends_at"`
	Reason    string    `json:"reason,omitempty"`
}

// MemberCheckin is published when a member badges in at a door.
type MemberCheckin struct {
	MemberID uuid.UUID `json:"member_id"`
	CardID   uuid.UUID `json:"card_id"`
	Door     string    `json:"door"`
	At       time.Time `json:"at"`
}
