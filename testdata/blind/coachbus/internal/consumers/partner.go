package consumers

import (
	"context"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
	"github.com/northline/coachbus/internal/provider/partnerapi"
)

// PartnerPusher is the partnerapi surface.
type PartnerPusher interface {
	PushBookingUpdate(ctx context.Context, callbackURL string, u partnerapi.BookingUpdate) error
}

// PartnerNotifier tells agents when we change one of their bookings.
type PartnerNotifier struct {
	store  *db.Store
	client PartnerPusher
}

// NewPartnerNotifier builds the notifier.
func NewPartnerNotifier(store *db.Store, client *partnerapi.Client) *PartnerNotifier {
	return &PartnerNotifier{store: store, client: client}
}

// Dispatch maps booking event types to handlers.
func (n *PartnerNotifier) Dispatch() events.Dispatch {
	return events.Dispatch{
		events.TypeBookingRebooked: events.Typed(n.onRebooked),
		events.TypeTicketRefunded:  events.Typed(n.onRefunded),
	}
}

func (n *PartnerNotifier) onRebooked(ctx context.Context, _ *message.Message, ev events.BookingRebooked) error {
	if ev.PartnerID == nil {
		return nil
	}
	url, ref, err := n.target(ctx, *ev.PartnerID, ev.BookingID)
	if err != nil || url == "" {
		return err
	}
	departs := ev.DepartsAt
	return n.client.PushBookingUpdate(ctx, url, partnerapi.BookingUpdate{
		Event:          "booking.rebooked",
		AgentReference: ref,
		BookingID:      ev.BookingID.String(),
		TicketID:       ev.OldTicketID.String(),
		NewTicketID:    ev.NewTicketID.String(),
		NewTripID:      ev.ToTripID.String(),
		DepartsAt:      &departs,
	})
}

func (n *PartnerNotifier) onRefunded(ctx context.Context, _ *message.Message, ev events.TicketRefunded) error {
	if ev.PartnerID == nil {
		return nil
	}
	url, ref, err := n.target(ctx, *ev.PartnerID, ev.BookingID)
	if err != nil || url == "" {
		return err
	}
	return n.client.PushBookingUpdate(ctx, url, partnerapi.BookingUpdate{
		Event:          "ticket.refunded",
		AgentReference: ref,
		BookingID:      ev.BookingID.String(),
		TicketID:       ev.TicketID.String(),
		RefundMinor:    ev.AmountCents,
		Currency:       ev.Currency,
	})
}

// target returns the partner's callback URL (empty if they have none) and
// their reference for the booking.
func (n *PartnerNotifier) target(ctx context.Context, partnerID, bookingID uuid.UUID) (string, string, error) {
	p, err := n.store.GetPartner(ctx, partnerID)
	if err != nil {
		return "", "", fmt.Errorf("load partner: %w", err)
	}
	if p.WebhookUrl == nil || !p.Active {
		return "", "", nil
	}
	b, err := n.store.GetBooking(ctx, bookingID)
	if err != nil {
		return "", "", fmt.Errorf("load booking: %w", err)
	}
	ref := ""
	if b.AgentReference != nil {
		ref = *b.AgentReference
	}
	return *p.WebhookUrl, ref, nil
}
