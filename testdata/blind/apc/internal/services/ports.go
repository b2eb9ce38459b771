// Package services implements the domain service interfaces on top of the
// domain.Store and the provider clients.
package services

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/quillpress/apcdesk/internal/domain"
	"github.com/quillpress/apcdesk/internal/providers/doireg"
	"github.com/quillpress/apcdesk/internal/providers/mailer"
	"github.com/quillpress/apcdesk/internal/providers/payments"
)

// PaymentsProvider is the subset of the Paystream client the services use.
type PaymentsProvider interface {
	CreateCharge(ctx context.Context, req payments.ChargeRequest) (*payments.Payment, error)
	CreateDirectDebit(ctx context.Context, req payments.DirectDebitRequest) (*payments.Payment, error)
	CreateRefund(ctx context.Context, req payments.RefundRequest) (*payments.Refund, error)
	GetPayment(ctx context.Context, id string) (*payments.Payment, error)
}

// Registry is the subset of the DOI registry client the services use.
type Registry interface {
	SubmitBatch(ctx context.Context, d doireg.Deposit) (*doireg.DepositStatus, error)
}

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, msg mailer.Message) (string, error)
}

// Clock returns the current time; tests pin it.
type Clock func() time.Time

// UTC is the production clock.
func UTC() time.Time { return time.Now().UTC() }

// newOutboxMessage builds an outbox row carrying payload as JSON.
func newOutboxMessage(topic, key, eventType string, payload any) (domain.OutboxMessage, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return domain.OutboxMessage{}, fmt.Errorf("encode %s: %w", eventType, err)
	}
	return domain.OutboxMessage{
		ID:           uuid.NewString(),
		Topic:        topic,
		PartitionKey: key,
		EventType:    eventType,
		Payload:      b,
	}, nil
}

func clearedEvent(inv domain.Invoice, via string) domain.InvoiceCleared {
	return domain.InvoiceCleared{
		InvoiceID:  inv.ID,
		ArticleID:  inv.ArticleID,
		DOI:        inv.DOI,
		Title:      inv.ArticleTitle,
		Journal:    inv.JournalCode,
		ClearedVia: via,
	}
}

// markInvoicePaid flips an open invoice to paid and queues the follow-up
// events in the caller's transaction. It is a no-op when the invoice was
// already moved out of "open" by another path (webhook vs. poll vs. API).
func markInvoicePaid(ctx context.Context, tx domain.Store, invoiceID, paymentID string, at time.Time) error {
	ok, err := tx.Invoices().MarkPaid(ctx, invoiceID, at)
	if err != nil {
		return fmt.Errorf("mark invoice %s paid: %w", invoiceID, err)
	}
	if !ok {
		return nil
	}
	inv, err := tx.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	paid, err := newOutboxMessage(domain.TopicBilling, inv.ID, domain.EventInvoicePaid,
		domain.InvoicePaidPayload{InvoiceID: inv.ID, PaymentID: paymentID})
	if err != nil {
		return err
	}
	cleared, err := newOutboxMessage(domain.TopicBilling, inv.ID, domain.EventInvoiceCleared, clearedEvent(inv, "payment"))
	if err != nil {
		return err
	}
	return tx.Outbox().Enqueue(ctx, paid, cleared)
}

// appendAudit writes an audit row and logs rather than fails when it
// cannot: audit must never block a money movement.
func appendAudit(ctx context.Context, store domain.Store, log *slog.Logger, actor, action, subject string, detail map[string]any) {
	err := store.Audit().Append(ctx, domain.AuditEvent{
		ID:      uuid.NewString(),
		Actor:   actor,
		Action:  action,
		Subject: subject,
		Detail:  detail,
	})
	if err != nil {
		log.WarnContext(ctx, "audit append failed", "action", action, "subject", subject, "err", err)
	}
}
