// Package stripeevents applies Stripe webhook events to local state.
package stripeevents

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v82"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/ids"
	"github.com/meterly/subs/internal/platform/txn"
)

type Service struct {
	db       *sqlx.DB
	events   billing.StripeEventRepository
	invoices billing.InvoiceRepository
	outbox   billing.OutboxRepository
	log      *slog.Logger
}

func NewService(db *sqlx.DB, events billing.StripeEventRepository, invoices billing.InvoiceRepository,
	outbox billing.OutboxRepository, log *slog.Logger) *Service {
	return &Service{db: db, events: events, invoices: invoices, outbox: outbox, log: log.With("service", "stripe_events")}
}

// Handle records the event id and applies its effect in one transaction;
// an event Stripe delivers again is skipped.
func (s *Service) Handle(ctx context.Context, evt stripe.Event) error {
	return txn.Do(ctx, s.db, func(tx *sqlx.Tx) error {
		fresh, err := s.events.WithTx(tx).Record(ctx, evt.ID, string(evt.Type))
		if err != nil {
			return err
		}
		if !fresh {
			s.log.DebugContext(ctx, "duplicate stripe event", "event_id", evt.ID)
			return nil
		}
		switch evt.Type {
		case stripe.EventTypePaymentIntentSucceeded:
			return s.paymentSucceeded(ctx, tx, evt)
		default:
			s.log.DebugContext(ctx, "ignoring stripe event", "type", evt.Type)
			return nil
		}
	})
}

func (s *Service) paymentSucceeded(ctx context.Context, tx *sqlx.Tx, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("stripe events: decode payment intent: %w", err)
	}
	invoiceID := pi.Metadata["meterly_invoice_id"]
	if invoiceID == "" {
		return nil
	}
	invoices := s.invoices.WithTx(tx)
	inv, err := invoices.GetForUpdate(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != billing.InvoiceOpen {
		return nil
	}
	now := time.Now().UTC()
	if err := invoices.MarkPaid(ctx, inv.ID, pi.AmountReceived, now); err != nil {
		return err
	}
	return s.outbox.WithTx(tx).Add(ctx, ids.Derived("evt", inv.ID, "paid"), billing.SubjectInvoicePaid, billing.InvoiceEvent{
		InvoiceID: inv.ID, CustomerID: inv.CustomerID, AmountCents: pi.AmountReceived, Currency: inv.Currency, OccurredAt: now,
	})
}
