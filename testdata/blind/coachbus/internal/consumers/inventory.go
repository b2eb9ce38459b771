// Package consumers holds the watermill handlers for seat-inventory and
// booking events.
package consumers

import (
	"context"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
)

const inventoryConsumer = "seat-inventory-projector"

// InventoryProjector maintains trip_availability, the held/sold counters the
// search page and the partner availability feed read.
type InventoryProjector struct {
	store *db.Store
}

// NewInventoryProjector builds the projector.
func NewInventoryProjector(store *db.Store) *InventoryProjector {
	return &InventoryProjector{store: store}
}

// Handle applies one inventory delta, skipping messages already applied.
func (p *InventoryProjector) Handle(ctx context.Context, msg *message.Message, ev events.SeatInventoryChanged) error {
	seen, err := p.store.IsMessageProcessed(ctx, db.IsMessageProcessedParams{
		Consumer:  inventoryConsumer,
		MessageID: msg.UUID,
	})
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if err := p.store.ApplyAvailabilityDelta(ctx, db.ApplyAvailabilityDeltaParams{
		TripID:    ev.TripID,
		HeldDelta: ev.HeldDelta,
		SoldDelta: ev.SoldDelta,
	}); err != nil {
		return fmt.Errorf("apply %s for trip %s: %w", ev.Kind, ev.TripID, err)
	}
	_, err = p.store.ClaimMessage(ctx, db.ClaimMessageParams{
		Consumer:  inventoryConsumer,
		MessageID: msg.UUID,
	})
	return err
}

// Specs lists every handler the consumer binary runs. Each name is also the
// Kafka consumer group, so renaming one replays its topic from the start.
func Specs(
	inventory *InventoryProjector,
	sms *SMSNotifier,
	partners *PartnerNotifier,
	commission *CommissionLedger,
	loyalty *Loyalty,
) []events.HandlerSpec {
	loyaltyRoutes := events.Dispatch{events.TypeBookingConfirmed: events.Typed(loyalty.Handle)}
	return []events.HandlerSpec{
		{Name: inventoryConsumer, Topic: events.TopicSeatInventory, Handle: events.Typed(inventory.Handle)},
		{Name: "sms-notifier", Topic: events.TopicBookings, Handle: sms.Dispatch().Handle},
		{Name: "partner-notifier", Topic: events.TopicBookings, Handle: partners.Dispatch().Handle},
		{Name: "commission-ledger", Topic: events.TopicBookings, Handle: commission.Dispatch().Handle},
		{Name: loyaltyConsumer, Topic: events.TopicBookings, Handle: loyaltyRoutes.Handle},
	}
}
