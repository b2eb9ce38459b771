// Package billing processes CardPay webhooks.
package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
	"github.com/halcyonevents/confreg/internal/store"
)

// WebhookProcessor applies CardPay events. CardPay re-posts an event until it
// receives a 2xx, so each event id is recorded with its effects.
type WebhookProcessor struct {
	db  *gorm.DB
	log *slog.Logger
	now func() time.Time
}

// NewWebhookProcessor returns a WebhookProcessor.
func NewWebhookProcessor(db *gorm.DB, log *slog.Logger) *WebhookProcessor {
	return &WebhookProcessor{db: db, log: log, now: time.Now}
}

// Process handles one verified event.
func (p *WebhookProcessor) Process(ctx context.Context, ev cardpay.WebhookEvent) error {
	return p.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`
			INSERT INTO webhook_events (provider, event_id, event_type, received_at)
			VALUES ('cardpay', ?, ?, ?)
			ON CONFLICT (provider, event_id) DO NOTHING`,
			ev.ID, ev.Type, p.now().UTC())
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			p.log.DebugContext(ctx, "duplicate cardpay event", "event_id", ev.ID)
			return nil
		}

		switch ev.Type {
		case "charge.succeeded":
			return p.chargeSucceeded(ctx, tx, ev)
		case "refund.succeeded":
			return store.NewRefundRepo(tx).CompleteByProviderID(ctx, ev.Data.RefundID, p.now().UTC())
		default:
			return nil
		}
	})
}

// chargeSucceeded forwards settled instalment charges to the worker. Ticket
// charges are captured synchronously in the payment request and need nothing
// here.
func (p *WebhookProcessor) chargeSucceeded(ctx context.Context, tx *gorm.DB, ev cardpay.WebhookEvent) error {
	raw := ev.Data.Metadata["instalment_id"]
	if raw == "" {
		return nil
	}
	instalmentID, err := uuid.Parse(raw)
	if err != nil {
		return fmt.Errorf("instalment_id metadata %q: %w", raw, err)
	}
	return events.PublishInTx(ctx, tx, events.TopicPaymentCaptured, events.DerivedID("cardpay", ev.ID), events.PaymentCaptured{
		InstalmentID:    instalmentID,
		ChargeID:        ev.Data.ChargeID,
		AmountCents:     ev.Data.AmountCents,
		CapturedAt:      time.Unix(ev.Created, 0).UTC(),
		ProviderEventID: ev.ID,
	})
}
