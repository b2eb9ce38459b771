// Package notify sends customer-facing notifications for invoice events.
package notify

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/provider/mailer"
)

// EventPublisher fans an event out to the customer's webhook endpoints.
type EventPublisher interface {
	Publish(ctx context.Context, customerID, eventType, objectID string, data any) error
}

type ReceiptService struct {
	invoices  billing.InvoiceRepository
	customers billing.CustomerRepository
	receipts  billing.ReceiptRepository
	mail      mailer.Sender
	webhooks  EventPublisher
	log       *slog.Logger
}

func NewReceiptService(invoices billing.InvoiceRepository, customers billing.CustomerRepository,
	receipts billing.ReceiptRepository, mail mailer.Sender, webhooks EventPublisher, log *slog.Logger) *ReceiptService {
	return &ReceiptService{invoices: invoices, customers: customers, receipts: receipts, mail: mail,
		webhooks: webhooks, log: log.With("service", "receipts")}
}

// OnInvoicePaid e-mails the receipt (once) and notifies webhook endpoints.
func (s *ReceiptService) OnInvoicePaid(ctx context.Context, evt billing.InvoiceEvent) error {
	sent, err := s.receipts.Exists(ctx, evt.InvoiceID)
	if err != nil {
		return err
	}
	if !sent {
		if err := s.sendReceipt(ctx, evt); err != nil {
			return err
		}
	}
	return s.webhooks.Publish(ctx, evt.CustomerID, "invoice.paid", evt.InvoiceID, evt)
}

func (s *ReceiptService) sendReceipt(ctx context.Context, evt billing.InvoiceEvent) error {
	inv, err := s.invoices.Get(ctx, evt.InvoiceID)
	if err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, inv.CustomerID)
	if err != nil {
		return err
	}
	msg := mailer.Message{
		To:       cust.Email,
		Template: "receipt",
		Data: map[string]any{
			"invoice_number": inv.Number.String,
			"amount_paid":    evt.AmountCents,
			"currency":       inv.Currency,
			"period_start":   inv.PeriodStart,
			"period_end":     inv.PeriodEnd,
		},
		Tags: []string{"receipt"},
	}
	if err := s.mail.Send(ctx, msg); err != nil {
		return fmt.Errorf("receipt %s: send: %w", inv.ID, err)
	}
	if err := s.receipts.Insert(ctx, inv.ID, cust.Email); err != nil {
		return fmt.Errorf("receipt %s: record: %w", inv.ID, err)
	}
	s.log.InfoContext(ctx, "receipt sent", "invoice_id", inv.ID)
	return nil
}
