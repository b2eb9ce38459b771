// Package consumer maps queue subscriptions to service calls.
package consumer

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/northwind/payables/internal/config"
	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/platform/queue"
	"github.com/northwind/payables/internal/service/creditnotes"
	"github.com/northwind/payables/internal/service/invoices"
	"github.com/northwind/payables/internal/service/payments"
	"github.com/northwind/payables/internal/service/remittance"
	"github.com/northwind/payables/internal/service/suppliers"
	"github.com/northwind/payables/internal/service/webhooks"
)

// Handlers holds the services the consumers call.
type Handlers struct {
	Log         *slog.Logger
	Invoices    invoices.Service
	CreditNotes creditnotes.Service
	Settlement  payments.Settlement
	Suppliers   suppliers.Service
	Webhooks    webhooks.Service
	Remittance  remittance.Service
}

// tenanted is implemented by events that carry a tenant.
type tenanted interface{ tenant() string }

// typed adapts a handler of T into a queue.HandlerFunc. A body that does
// not decode is logged and acked: redelivering it cannot help.
func typed[T any](log *slog.Logger, fn func(context.Context, T, queue.Delivery) error) queue.HandlerFunc {
	return func(ctx context.Context, d queue.Delivery) error {
		var v T
		if err := json.Unmarshal(d.Body, &v); err != nil {
			log.ErrorContext(ctx, "dropping undecodable message", "message_id", d.MessageID, "err", err)
			return nil
		}
		if t, ok := any(v).(tenanted); ok {
			ctx = httpx.WithTenant(ctx, t.tenant())
		}
		return fn(ctx, v, d)
	}
}

// Table returns one consumer per subscription.
func (h *Handlers) Table(cfg config.Config) []queue.Consumer {
	w := cfg.ConsumerWorkers
	return []queue.Consumer{
		{Name: "invoice.parsed", URL: cfg.InvoiceParsedSubURL, Workers: w, Handler: typed(h.Log, h.onInvoiceParsed)},
		{Name: "credit_note.parsed", URL: cfg.CreditNoteParsedSubURL, Workers: w, Handler: typed(h.Log, h.onCreditNoteParsed)},
		{Name: "payment.settled", URL: cfg.PaymentSettledSubURL, Workers: w, Handler: typed(h.Log, h.onPaymentSettled)},
		{Name: "payment.failed", URL: cfg.PaymentFailedSubURL, Workers: w, Handler: typed(h.Log, h.onPaymentFailed)},
		{Name: "supplier.kyc.completed", URL: cfg.SupplierKYCSubURL, Workers: 1, Handler: typed(h.Log, h.onSupplierKYC)},
		{Name: "invoice.approved", URL: cfg.InvoiceApprovedSubURL, Workers: w, Timeout: time.Minute, Handler: typed(h.Log, h.onInvoiceApproved)},
		{Name: "remittance.requested", URL: cfg.RemittanceRequestSubURL, Workers: w, Handler: typed(h.Log, h.onRemittanceRequested)},
	}
}
