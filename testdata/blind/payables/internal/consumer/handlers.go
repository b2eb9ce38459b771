package consumer

import (
	"context"

	"github.com/northwind/payables/internal/platform/queue"
	"github.com/northwind/payables/internal/service/creditnotes"
	"github.com/northwind/payables/internal/service/invoices"
	"github.com/northwind/payables/internal/service/payments"
	"github.com/northwind/payables/internal/service/suppliers"
)

type parsedInvoice struct{ invoices.ParsedInvoice }

func (e parsedInvoice) tenant() string { return e.TenantID }

func (h *Handlers) onInvoiceParsed(ctx context.Context, ev parsedInvoice, d queue.Delivery) error {
	return h.Invoices.IngestParsed(ctx, ev.ParsedInvoice, d.MessageID)
}

type parsedCreditNote struct{ creditnotes.ParsedCreditNote }

func (e parsedCreditNote) tenant() string { return e.TenantID }

func (h *Handlers) onCreditNoteParsed(ctx context.Context, ev parsedCreditNote, d queue.Delivery) error {
	return h.CreditNotes.IngestParsed(ctx, ev.ParsedCreditNote, d.MessageID)
}

func (h *Handlers) onPaymentSettled(ctx context.Context, ev payments.SettledEvent, _ queue.Delivery) error {
	return h.Settlement.Settled(ctx, ev)
}

func (h *Handlers) onPaymentFailed(ctx context.Context, ev payments.FailedEvent, _ queue.Delivery) error {
	return h.Settlement.Failed(ctx, ev)
}

type kycResult struct{ suppliers.KYCResult }

func (e kycResult) tenant() string { return e.TenantID }

func (h *Handlers) onSupplierKYC(ctx context.Context, ev kycResult, d queue.Delivery) error {
	h.Log.InfoContext(ctx, "kyc result", "supplier_id", ev.SupplierID, "status", ev.Status, "message_id", d.MessageID)
	return h.Suppliers.CompleteKYC(ctx, ev.KYCResult)
}

type invoiceApproved struct{ invoices.ApprovedEvent }

func (e invoiceApproved) tenant() string { return e.TenantID }

func (h *Handlers) onInvoiceApproved(ctx context.Context, ev invoiceApproved, d queue.Delivery) error {
	return h.Webhooks.OnInvoiceApproved(ctx, ev.ApprovedEvent, d.MessageID)
}

type remittanceRequested struct{ payments.RemittanceRequested }

func (e remittanceRequested) tenant() string { return e.TenantID }

func (h *Handlers) onRemittanceRequested(ctx context.Context, ev remittanceRequested, _ queue.Delivery) error {
	return h.Remittance.SendForPayment(ctx, ev.PaymentID)
}
