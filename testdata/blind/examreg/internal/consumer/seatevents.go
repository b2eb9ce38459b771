package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/lexicaassess/examreg/internal/service/seating"
)

// Seating applies centre events.
type Seating interface {
	SeatReleased(ctx context.Context, evt seating.CentreEvent) error
	CapacityChanged(ctx context.Context, evt seating.CentreEvent) error
	SessionCancelled(ctx context.Context, evt seating.CentreEvent) error
	ApplyReschedule(ctx context.Context, evt seating.CentreEvent) error
	AffectedCandidates(ctx context.Context, sessionID string) ([]seating.Contact, error)
}

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// SeatEvents consumes centre.seat-events (group "examreg-seating").
type SeatEvents struct {
	seating  Seating
	texter   Texter
	log      *slog.Logger
	location *time.Location
	routes   map[string]func(context.Context, seating.CentreEvent) error
}

// NewSeatEvents builds the consumer handler and its routing table.
func NewSeatEvents(s Seating, t Texter, log *slog.Logger) *SeatEvents {
	h := &SeatEvents{seating: s, texter: t, log: log, location: time.UTC}
	h.routes = map[string]func(context.Context, seating.CentreEvent) error{
		seating.EventSeatReleased:       s.SeatReleased,
		seating.EventCapacityChanged:    s.CapacityChanged,
		seating.EventSessionCancelled:   s.SessionCancelled,
		seating.EventSessionRescheduled: h.rescheduled,
	}
	return h
}

// Handle routes one message by event type.
func (h *SeatEvents) Handle(ctx context.Context, msg kafka.Message) error {
	var evt seating.CentreEvent
	if err := json.Unmarshal(msg.Value, &evt); err != nil {
		h.log.ErrorContext(ctx, "skipping malformed centre event", "offset", msg.Offset, "err", err)
		return nil
	}
	route, ok := h.routes[evt.Type]
	if !ok {
		return nil
	}
	if err := route(ctx, evt); err != nil {
		return fmt.Errorf("%s %s: %w", evt.Type, evt.EventID, err)
	}
	return nil
}

// rescheduled texts every affected candidate the new time, then moves the
// session.
func (h *SeatEvents) rescheduled(ctx context.Context, evt seating.CentreEvent) error {
	if evt.StartsAt == nil {
		h.log.ErrorContext(ctx, "reschedule without starts_at", "event", evt.EventID)
		return nil
	}
	contacts, err := h.seating.AffectedCandidates(ctx, evt.SessionID)
	if err != nil {
		return err
	}
	when := evt.StartsAt.In(h.location).Format("Mon 2 Jan 15:04")
	for _, c := range contacts {
		if c.Phone == "" {
			continue
		}
		body := fmt.Sprintf("Hi %s, your exam session has moved to %s. Reply STOP to opt out.", c.Name, when)
		if _, err := h.texter.Send(ctx, c.Phone, body); err != nil {
			return fmt.Errorf("sms %s: %w", c.RegistrationID, err)
		}
	}
	return h.seating.ApplyReschedule(ctx, evt)
}
