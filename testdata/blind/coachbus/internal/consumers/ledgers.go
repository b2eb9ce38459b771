package consumers

import (
	"context"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
)

// CommissionLedger books agent commission as partner bookings are confirmed
// and reverses it when their tickets are refunded. Finance sums the ledger
// per partner each month for the commission statement.
type CommissionLedger struct {
	store *db.Store
}

// NewCommissionLedger builds the ledger consumer.
func NewCommissionLedger(store *db.Store) *CommissionLedger {
	return &CommissionLedger{store: store}
}

// Dispatch maps booking event types to handlers.
func (c *CommissionLedger) Dispatch() events.Dispatch {
	return events.Dispatch{
		events.TypeBookingConfirmed: events.Typed(c.onConfirmed),
		events.TypeTicketRefunded:   events.Typed(c.onRefunded),
	}
}

func (c *CommissionLedger) onConfirmed(ctx context.Context, _ *message.Message, ev events.BookingConfirmed) error {
	if ev.PartnerID == nil {
		return nil
	}
	return c.post(ctx, *ev.PartnerID, ev.BookingID, "earned", ev.TotalCents, 1)
}

func (c *CommissionLedger) onRefunded(ctx context.Context, _ *message.Message, ev events.TicketRefunded) error {
	if ev.PartnerID == nil {
		return nil
	}
	return c.post(ctx, *ev.PartnerID, ev.BookingID, "reversed", ev.AmountCents, -1)
}

func (c *CommissionLedger) post(ctx context.Context, partnerID, bookingID uuid.UUID, kind string, base int64, sign int64) error {
	p, err := c.store.GetPartner(ctx, partnerID)
	if err != nil {
		return fmt.Errorf("load partner: %w", err)
	}
	amount := sign * base * int64(p.CommissionBps) / 10_000
	if amount == 0 {
		return nil
	}
	return c.store.InsertCommissionEntry(ctx, db.InsertCommissionEntryParams{
		ID:          uuid.New(),
		PartnerID:   partnerID,
		BookingID:   bookingID,
		Kind:        kind,
		AmountCents: amount,
	})
}

const loyaltyConsumer = "loyalty-points"

// Loyalty awards points to registered customers for web bookings.
type Loyalty struct {
	store          *db.Store
	pointsPerPound int32
}

// NewLoyalty builds the loyalty consumer.
func NewLoyalty(store *db.Store) *Loyalty {
	return &Loyalty{store: store, pointsPerPound: 10}
}

// Handle awards points once per booking.confirmed message.
func (l *Loyalty) Handle(ctx context.Context, msg *message.Message, ev events.BookingConfirmed) error {
	if ev.CustomerID == nil {
		return nil
	}
	return l.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
		n, err := q.ClaimMessage(ctx, db.ClaimMessageParams{Consumer: loyaltyConsumer, MessageID: msg.UUID})
		if err != nil || n == 0 {
			return err
		}
		return q.InsertLoyaltyEntry(ctx, db.InsertLoyaltyEntryParams{
			ID:         uuid.New(),
			CustomerID: *ev.CustomerID,
			BookingID:  ev.BookingID,
			Points:     int32(ev.TotalCents/100) * l.pointsPerPound,
			Reason:     "booking",
		})
	})
}
