// Package groups handles school and group visit bookings.
package groups

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

const (
	MaxGroupSize      = 60
	MaxPupilsPerAdult = 10
)

type Bookings interface {
	Create(ctx context.Context, g *models.GroupBooking) error
	Get(ctx context.Context, id uuid.UUID) (*models.GroupBooking, error)
	MarkConfirmed(ctx context.Context, id uuid.UUID, at time.Time) error
}

type Slots interface {
	Get(ctx context.Context, id int64) (*models.TimeSlot, error)
	Reserve(ctx context.Context, slotID int64, qty int) error
}

type Outbox interface {
	Add(ctx context.Context, topic, key string, payload any) error
}

type Texter interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// TexterFunc adapts a function to Texter.
type TexterFunc func(ctx context.Context, to, body string) (string, error)

func (f TexterFunc) Send(ctx context.Context, to, body string) (string, error) {
	return f(ctx, to, body)
}

type RequestBooking struct {
	BookingID    uuid.UUID
	Organisation string
	Kind         string
	ContactName  string
	ContactEmail string
	ContactPhone string
	SlotID       int64
	Pupils       int
	Adults       int
	Workshop     string
	Notes        string
	Result       *cqrs.Result
}

func (c RequestBooking) validate() error {
	switch {
	case c.Organisation == "":
		return httpx.ValidationError{Field: "organisation", Message: "required"}
	case c.ContactPhone == "":
		return httpx.ValidationError{Field: "contact_phone", Message: "required"}
	case c.Pupils+c.Adults == 0 || c.Pupils+c.Adults > MaxGroupSize:
		return httpx.ValidationError{Field: "pupils", Message: fmt.Sprintf("groups must be between 1 and %d people", MaxGroupSize)}
	case c.Kind == "school" && c.Adults*MaxPupilsPerAdult < c.Pupils:
		return httpx.ValidationError{Field: "adults", Message: "school groups need one adult for every ten pupils"}
	}
	return nil
}

type RequestBookingHandler struct {
	tx       database.Transactor
	slots    Slots
	bookings Bookings
}

func NewRequestBookingHandler(tx database.Transactor, slots Slots, bookings Bookings) *RequestBookingHandler {
	return &RequestBookingHandler{tx: tx, slots: slots, bookings: bookings}
}

func (h *RequestBookingHandler) Handle(ctx context.Context, cmd RequestBooking) error {
	if err := cmd.validate(); err != nil {
		return err
	}
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		slot, err := h.slots.Get(ctx, cmd.SlotID)
		if err != nil {
			return err
		}
		if slot.StartsAt.Before(time.Now().Add(72 * time.Hour)) {
			return httpx.ValidationError{Field: "slot_id", Message: "group visits must be booked at least three days ahead"}
		}
		if err := h.slots.Reserve(ctx, cmd.SlotID, cmd.Pupils+cmd.Adults); err != nil {
			return err
		}
		b := &models.GroupBooking{
			ID:           cmd.BookingID,
			Organisation: cmd.Organisation,
			Kind:         cmd.Kind,
			ContactName:  cmd.ContactName,
			ContactEmail: cmd.ContactEmail,
			ContactPhone: cmd.ContactPhone,
			SlotID:       cmd.SlotID,
			Pupils:       cmd.Pupils,
			Adults:       cmd.Adults,
			Status:       models.GroupRequested,
		}
		if cmd.Workshop != "" {
			b.Workshop = &cmd.Workshop
		}
		if cmd.Notes != "" {
			b.Notes = &cmd.Notes
		}
		if err := h.bookings.Create(ctx, b); err != nil {
			return err
		}
		cmd.Result.Set(b.ID.String(), string(b.Status))
		return nil
	})
}

// ConfirmBooking is issued by the learning team once a visit is approved.
type ConfirmBooking struct {
	BookingID   uuid.UUID
	ConfirmedBy string
}

type ConfirmBookingHandler struct {
	tx       database.Transactor
	bookings Bookings
	slots    Slots
	outbox   Outbox
	sms      Texter
}

func NewConfirmBookingHandler(tx database.Transactor, bookings Bookings, slots Slots, outbox Outbox, sms Texter) *ConfirmBookingHandler {
	return &ConfirmBookingHandler{tx: tx, bookings: bookings, slots: slots, outbox: outbox, sms: sms}
}

func (h *ConfirmBookingHandler) Handle(ctx context.Context, cmd ConfirmBooking) error {
	b, err := h.bookings.Get(ctx, cmd.BookingID)
	if err != nil {
		return err
	}
	switch b.Status {
	case models.GroupConfirmed:
		return nil
	case models.GroupCancelled:
		return fmt.Errorf("booking cancelled: %w", httpx.ErrConflict)
	}
	slot, err := h.slots.Get(ctx, b.SlotID)
	if err != nil {
		return err
	}
	text := fmt.Sprintf("Northgate Museums: %s visit on %s at %s is confirmed for %d. Arrive at the Learning Entrance 15 min early. Ref %s",
		b.Organisation, slot.StartsAt.Format("Mon 2 Jan"), slot.StartsAt.Format("15:04"), b.Headcount(), b.ID.String()[:8])
	if _, err := h.sms.Send(ctx, b.ContactPhone, text); err != nil {
		return fmt.Errorf("text group contact: %w", err)
	}

	now := time.Now().UTC()
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := h.bookings.MarkConfirmed(ctx, b.ID, now); err != nil {
			return err
		}
		return h.outbox.Add(ctx, events.TopicGroupBookingConfirmed, b.ID.String(), events.GroupBookingConfirmed{
			BookingID:   b.ID.String(),
			ConfirmedAt: now,
		})
	})
}
