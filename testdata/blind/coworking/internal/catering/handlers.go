// Package catering is the catering service's JetStream consumer: it turns
// room bookings that asked for catering into orders with the caterer.
package catering

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/deskhive/coworking/internal/consumer"
	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/events"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/caterer"
	"github.com/deskhive/coworking/internal/store"
)

// Durable is the catering consumer's durable name.
const Durable = "catering"

// Handlers processes booking events for catering.
type Handlers struct {
	store   store.Store
	caterer caterer.Client
	log     *slog.Logger
}

// NewHandlers builds the catering handlers.
func NewHandlers(s store.Store, c caterer.Client, log *slog.Logger) *Handlers {
	return &Handlers{store: s, caterer: c, log: log}
}

// Router returns the subject routing table for the catering consumer.
func (h *Handlers) Router() *consumer.Router {
	return consumer.NewRouter().
		On(events.SubjectRoomBooked, h.onRoomBooked).
		On(events.SubjectRoomCancelled, h.onRoomCancelled)
}

func decode[T any](m consumer.Message) (events.Envelope, T, error) {
	var env events.Envelope
	var data T
	if err := json.Unmarshal(m.Data, &env); err != nil {
		return env, data, consumer.Permanent(fmt.Errorf("decode envelope: %w", err))
	}
	if err := env.Decode(&data); err != nil {
		return env, data, consumer.Permanent(err)
	}
	return env, data, nil
}

func (h *Handlers) onRoomBooked(ctx context.Context, m consumer.Message) error {
	_, evt, err := decode[events.RoomBooked](m)
	if err != nil {
		return err
	}
	if !evt.Catering {
		return nil
	}
	if _, err := h.store.GetCateringOrderByBooking(ctx, evt.BookingID); err == nil {
		return nil
	} else if !store.IsNotFound(err) {
		return err
	}

	placed, err := h.caterer.PlaceOrder(ctx, caterer.Order{
		Reference:  evt.BookingID.String(),
		Room:       evt.RoomName,
		DeliverAt:  evt.StartsAt.Add(-10 * time.Minute),
		Headcount:  evt.Attendees,
		Package:    packageFor(evt.Attendees),
		CostCentre: evt.MemberID.String(),
	})
	if err != nil {
		return fmt.Errorf("place catering order: %w", err)
	}

	return h.store.InsertCateringOrder(ctx, db.InsertCateringOrderParams{
		ID:              idgen.NewID(),
		RoomBookingID:   evt.BookingID,
		CatererOrderRef: placed.OrderRef,
		Headcount:       int32(evt.Attendees),
	})
}

func (h *Handlers) onRoomCancelled(ctx context.Context, m consumer.Message) error {
	_, evt, err := decode[events.RoomCancelled](m)
	if err != nil {
		return err
	}
	order, err := h.store.GetCateringOrderByBooking(ctx, evt.BookingID)
	if store.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if order.Status == "cancelled" {
		return nil
	}
	if err := h.caterer.CancelOrder(ctx, order.CatererOrderRef); err != nil {
		return fmt.Errorf("cancel catering order: %w", err)
	}
	return h.store.MarkCateringOrderCancelled(ctx, evt.BookingID)
}

func packageFor(headcount int) string {
	switch {
	case headcount <= 4:
		return "coffee-small"
	case headcount <= 12:
		return "coffee-pastries"
	default:
		return "lunch-buffet"
	}
}
