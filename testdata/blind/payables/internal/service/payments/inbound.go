package payments

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/provider/bank"
	"github.com/northwind/payables/internal/repo"
)

// Forwarder publishes an event to an internal topic.
type Forwarder interface {
	Publish(ctx context.Context, topic, messageID string, body []byte, meta map[string]string) error
}

// Inbound applies provider webhooks.
type Inbound interface {
	HandleStripe(ctx context.Context, ev stripe.Event) error
	HandleBank(ctx context.Context, ev bank.WebhookEvent) error
}

type inbound struct {
	log      *slog.Logger
	tx       database.Transactor
	events   repo.EventRepo
	payments repo.PaymentRepo
	invoices repo.InvoiceRepo
	outbox   repo.OutboxRepo
	forward  Forwarder
}

// NewInbound returns the Inbound service.
func NewInbound(log *slog.Logger, tx database.Transactor, events repo.EventRepo, payments repo.PaymentRepo,
	invoices repo.InvoiceRepo, outbox repo.OutboxRepo, fwd Forwarder) Inbound {
	return &inbound{log: log, tx: tx, events: events, payments: payments, invoices: invoices, outbox: outbox, forward: fwd}
}

type stripeObject struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
}

// HandleStripe records the event ID and applies it in one transaction, so a
// redelivered event is a no-op.
func (in *inbound) HandleStripe(ctx context.Context, ev stripe.Event) error {
	var obj stripeObject
	if ev.Data != nil {
		if err := json.Unmarshal(ev.Data.Raw, &obj); err != nil {
			return fmt.Errorf("decode %s: %w", ev.Type, err)
		}
	}
	return in.tx.InTx(ctx, func(tx *sql.Tx) error {
		claimed, err := in.events.WithTx(tx).Claim(ctx, "stripe", ev.ID)
		if err != nil || !claimed {
			return err
		}
		payments := in.payments.WithTx(tx)
		p, err := payments.GetByProviderRef(ctx, obj.ID)
		if errors.Is(err, database.ErrNotFound) {
			return nil // not one of ours
		}
		if err != nil {
			return err
		}
		switch ev.Type {
		case "payment_intent.succeeded", "transfer.paid":
			changed, err := payments.MarkSettled(ctx, p.ID)
			if err != nil || !changed {
				return err
			}
			if err := in.invoices.WithTx(tx).AddPaid(ctx, p.InvoiceID, p.AmountMinor); err != nil {
				return err
			}
			return in.outbox.WithTx(tx).Add(ctx, remittanceMessage(p))
		case "payment_intent.payment_failed", "transfer.reversed":
			changed, err := payments.MarkFailed(ctx, p.ID, string(ev.Type))
			if err != nil || !changed {
				return err
			}
			return in.invoices.WithTx(tx).SetStatus(ctx, p.InvoiceID, domain.InvoiceApproved)
		default:
			in.log.DebugContext(ctx, "ignoring stripe event", "type", ev.Type, "id", ev.ID)
			return nil
		}
	})
}

// HandleBank applies a bank partner webhook. Settlement and failure events
// are forwarded to the payment topics; returns are applied here.
func (in *inbound) HandleBank(ctx context.Context, ev bank.WebhookEvent) error {
	seen, err := in.events.Seen(ctx, "bank", ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	switch ev.Type {
	case "transfer.settled":
		body, _ := json.Marshal(SettledEvent{EventID: ev.ID, TransferID: ev.TransferID,
			AmountMinor: ev.AmountMin, Currency: ev.Currency, SettledAt: ev.OccurredAt})
		if err := in.forward.Publish(ctx, "payment.settled", ev.ID, body, nil); err != nil {
			return err
		}
	case "transfer.failed", "transfer.rejected":
		body, _ := json.Marshal(FailedEvent{EventID: ev.ID, TransferID: ev.TransferID,
			ReasonCode: ev.ReasonCode, FailedAt: ev.OccurredAt})
		if err := in.forward.Publish(ctx, "payment.failed", ev.ID, body, nil); err != nil {
			return err
		}
	case "transfer.returned":
		if err := in.applyReturn(ctx, ev); err != nil {
			return err
		}
	default:
		in.log.DebugContext(ctx, "ignoring bank event", "type", ev.Type, "id", ev.ID)
	}
	return in.events.MarkProcessed(ctx, "bank", ev.ID)
}

func (in *inbound) applyReturn(ctx context.Context, ev bank.WebhookEvent) error {
	return in.tx.InTx(ctx, func(tx *sql.Tx) error {
		p, err := in.payments.WithTx(tx).GetByProviderRef(ctx, ev.TransferID)
		if errors.Is(err, database.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := in.payments.WithTx(tx).MarkReturned(ctx, p.ID, ev.ReasonCode); err != nil {
			return err
		}
		return in.invoices.WithTx(tx).ReversePaid(ctx, p.InvoiceID, p.AmountMinor)
	})
}
