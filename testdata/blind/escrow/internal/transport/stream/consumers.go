// Package stream runs the JetStream consumers.
package stream

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/events"
)

// Deliveries moves escrows forward on delivery.
type Deliveries interface {
	OnDelivered(ctx context.Context, escrowID string) error
}

// FeeBooker books platform fees.
type FeeBooker interface {
	BookPlatformFee(ctx context.Context, escrowID string, feeCents int64, currency string) error
}

// PayoutHolder freezes payouts for disputed escrows.
type PayoutHolder interface {
	HoldPayouts(ctx context.Context, ev events.DisputeOpened) error
}

// PaidNotifier tells sellers about payouts.
type PaidNotifier interface {
	NotifyPaid(ctx context.Context, ev events.PayoutPaid) error
}

// Consumers holds the handlers' dependencies.
type Consumers struct {
	js         jetstream.JetStream
	q          db.Querier
	deliveries Deliveries
	fees       FeeBooker
	holds      PayoutHolder
	notifier   PaidNotifier
	log        *slog.Logger

	running []jetstream.ConsumeContext
}

// New returns Consumers.
func New(js jetstream.JetStream, q db.Querier, d Deliveries, f FeeBooker, h PayoutHolder, n PaidNotifier, log *slog.Logger) *Consumers {
	return &Consumers{js: js, q: q, deliveries: d, fees: f, holds: h, notifier: n, log: log.With("component", "stream")}
}

const (
	consumerRelease  = "escrow-release-scheduler"
	consumerFees     = "ledger-fee-booking"
	consumerHolds    = "dispute-payout-holds"
	consumerNotifier = "seller-payout-notifier"
)

// Start attaches every consumer.
func (c *Consumers) Start(ctx context.Context) error {
	specs := []struct {
		spec    events.ConsumerSpec
		handler events.Handler
	}{
		{events.ConsumerSpec{Stream: events.StreamShipping, Durable: consumerRelease, Subject: events.SubjectShipmentDelivered}, c.handleDelivered},
		{events.ConsumerSpec{Stream: events.StreamEscrow, Durable: consumerFees, Subject: events.SubjectEscrowCaptured}, c.handleCaptured},
		{events.ConsumerSpec{Stream: events.StreamDisputes, Durable: consumerHolds, Subject: events.SubjectDisputeOpened}, c.handleDisputeOpened},
		{events.ConsumerSpec{Stream: events.StreamPayouts, Durable: consumerNotifier, Subject: events.SubjectPayoutPaid}, c.handlePayoutPaid},
	}
	for _, s := range specs {
		s.spec.AckWait = 30 * time.Second
		s.spec.MaxDeliver = 20
		cc, err := events.Consume(ctx, c.js, s.spec, s.handler, c.log)
		if err != nil {
			c.Stop()
			return err
		}
		c.running = append(c.running, cc)
	}
	return nil
}

// Stop drains every consumer.
func (c *Consumers) Stop() {
	for _, cc := range c.running {
		cc.Drain()
	}
	c.running = nil
}

// handleDelivered schedules the release of a delivered escrow.
func (c *Consumers) handleDelivered(ctx context.Context, msg jetstream.Msg) error {
	ev, err := events.Decode[events.ShipmentDelivered](msg)
	if err != nil {
		return err
	}
	return c.deliveries.OnDelivered(ctx, ev.EscrowID)
}

// handleCaptured books the platform fee of a captured escrow, once per message.
func (c *Consumers) handleCaptured(ctx context.Context, msg jetstream.Msg) error {
	ev, err := events.Decode[events.EscrowCaptured](msg)
	if err != nil {
		return err
	}
	key := db.IsMessageProcessedParams{Consumer: consumerFees, MsgID: events.MessageID(msg)}
	done, err := c.q.IsMessageProcessed(ctx, key)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	if err := c.fees.BookPlatformFee(ctx, ev.EscrowID, ev.FeeCents, ev.Currency); err != nil {
		return fmt.Errorf("book fee: %w", err)
	}
	return c.q.MarkMessageProcessed(ctx, db.MarkMessageProcessedParams(key))
}

// handleDisputeOpened freezes payouts for a disputed escrow.
func (c *Consumers) handleDisputeOpened(ctx context.Context, msg jetstream.Msg) error {
	if md, err := msg.Metadata(); err == nil {
		if err := c.q.InsertConsumerAttempt(ctx, db.InsertConsumerAttemptParams{
			ID:        uuid.New(),
			Consumer:  consumerHolds,
			StreamSeq: int64(md.Sequence.Stream),
			Delivered: int32(md.NumDelivered),
		}); err != nil {
			c.log.WarnContext(ctx, "record attempt", "err", err)
		}
	}
	ev, err := events.Decode[events.DisputeOpened](msg)
	if err != nil {
		return err
	}
	return c.holds.HoldPayouts(ctx, ev)
}

// handlePayoutPaid notifies the seller of a payout.
func (c *Consumers) handlePayoutPaid(ctx context.Context, msg jetstream.Msg) error {
	ev, err := events.Decode[events.PayoutPaid](msg)
	if err != nil {
		return err
	}
	return c.notifier.NotifyPaid(ctx, ev)
}
