package consumers

import (
	"context"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
)

// SMSSender is the sms client surface.
type SMSSender interface {
	Send(ctx context.Context, to, text string) (string, error)
}

// SMSNotifier texts passengers about their bookings.
type SMSNotifier struct {
	store *db.Store
	sms   SMSSender
	loc   *time.Location
}

// NewSMSNotifier builds the notifier. Times are shown in UK local time.
func NewSMSNotifier(store *db.Store, sms SMSSender) *SMSNotifier {
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		loc = time.UTC
	}
	return &SMSNotifier{store: store, sms: sms, loc: loc}
}

// Dispatch maps booking event types to handlers.
func (n *SMSNotifier) Dispatch() events.Dispatch {
	return events.Dispatch{
		events.TypeBookingConfirmed: events.Typed(n.onConfirmed),
		events.TypeBookingRebooked:  events.Typed(n.onRebooked),
	}
}

func (n *SMSNotifier) onConfirmed(ctx context.Context, _ *message.Message, ev events.BookingConfirmed) error {
	if ev.ContactPhone == "" {
		return nil
	}
	text := fmt.Sprintf("Northline: booking %s confirmed for %d passenger(s), departing %s. Your e-tickets are in the app.",
		short(ev.BookingID), len(ev.TicketIDs), n.local(ev.DepartsAt))
	return n.send(ctx, ev.ContactPhone, text, "booking_confirmed", &ev.BookingID, nil)
}

func (n *SMSNotifier) onRebooked(ctx context.Context, _ *message.Message, ev events.BookingRebooked) error {
	if ev.ContactPhone == "" {
		return nil
	}
	text := fmt.Sprintf("Northline: your coach was cancelled. We have moved you to the %s departure; your new ticket is in the app.",
		n.local(ev.DepartsAt))
	return n.send(ctx, ev.ContactPhone, text, "rebooked", &ev.BookingID, &ev.NewTicketID)
}

func (n *SMSNotifier) send(ctx context.Context, to, text, template string, bookingID, ticketID *uuid.UUID) error {
	providerID, err := n.sms.Send(ctx, to, text)
	if err != nil {
		return fmt.Errorf("send %s sms: %w", template, err)
	}
	return n.store.InsertNotification(ctx, db.InsertNotificationParams{
		ID:                uuid.New(),
		BookingID:         bookingID,
		TicketID:          ticketID,
		Channel:           "sms",
		Template:          template,
		ProviderMessageID: &providerID,
	})
}

func (n *SMSNotifier) local(t time.Time) string {
	return t.In(n.loc).Format("Mon 2 Jan 15:04")
}

func short(id uuid.UUID) string { return id.String()[:8] }
