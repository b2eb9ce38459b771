// Package httpapi is the HTTP surface of procure-api: the REST API used by
// the buying and AP teams' tools, and the webhooks of the bank and the EDI
// partner.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/northmill/procure/internal/bankpay"
	"github.com/northmill/procure/internal/budgets"
	"github.com/northmill/procure/internal/invoicing"
	"github.com/northmill/procure/internal/partners"
	"github.com/northmill/procure/internal/payments"
	"github.com/northmill/procure/internal/platform/httpx"
	"github.com/northmill/procure/internal/purchasing"
	"github.com/northmill/procure/internal/receiving"
)

// PurchaseOrderService is the PO lifecycle.
type PurchaseOrderService interface {
	Create(ctx context.Context, key string, in purchasing.CreateInput) (purchasing.CreateResult, error)
	Get(ctx context.Context, id string) (purchasing.PurchaseOrder, error)
	Submit(ctx context.Context, id string) (purchasing.PurchaseOrder, error)
	Amend(ctx context.Context, poID string, in purchasing.AmendInput) (purchasing.Amendment, error)
	Cancel(ctx context.Context, id, reason string) (purchasing.PurchaseOrder, error)
}

// ReceiptService books goods receipts.
type ReceiptService interface {
	Post(ctx context.Context, in receiving.PostInput, source string) (receiving.PostResult, error)
}

// InvoiceService handles supplier invoices.
type InvoiceService interface {
	Create(ctx context.Context, in invoicing.CreateInput, source string) (invoicing.CreateResult, error)
	Get(ctx context.Context, id string) (invoicing.Invoice, error)
	Approve(ctx context.Context, id string, in invoicing.ApproveInput) (invoicing.ApproveResult, error)
}

// CreditNoteService handles supplier credit notes.
type CreditNoteService interface {
	Record(ctx context.Context, key string, in invoicing.CreditNoteInput) (invoicing.CreditNote, error)
	Apply(ctx context.Context, creditNoteID, invoiceID string) (invoicing.CreditNote, error)
}

// SettlementService pays invoices ahead of schedule.
type SettlementService interface {
	SettleEarly(ctx context.Context, invoiceID string) (payments.SettleEarlyResult, error)
}

// BudgetService manages cost centre budgets.
type BudgetService interface {
	Reserve(ctx context.Context, key string, in budgets.ReserveInput) (budgets.ReserveResult, error)
	Release(ctx context.Context, reservationID, reason string) error
	Get(ctx context.Context, id string) (budgets.Reservation, error)
	Transfer(ctx context.Context, in budgets.TransferInput) (budgets.Transfer, error)
}

// BankEventService applies bank webhooks.
type BankEventService interface {
	HandleBankEvent(ctx context.Context, ev bankpay.Event) error
}

// PartnerService applies EDI partner webhooks.
type PartnerService interface {
	RecordOrderResponse(ctx context.Context, in partners.Inbound) error
	RecordDespatchAdvice(ctx context.Context, in partners.Inbound) error
	RecordCharge(ctx context.Context, in partners.Inbound) (partners.Charge, error)
}

// fail translates domain errors before handing them to httpx.Fail.
func fail(w http.ResponseWriter, log *slog.Logger, err error) {
	switch {
	case errors.Is(err, purchasing.ErrInvalidState),
		errors.Is(err, invoicing.ErrInvalidState),
		errors.Is(err, payments.ErrInvalidState):
		err = httpx.Conflict("invalid_state", "%v", err)
	case errors.Is(err, purchasing.ErrRequestInFlight):
		err = httpx.Conflict("request_in_flight", "%v", err)
	case errors.Is(err, budgets.ErrInsufficientBudget):
		err = &httpx.Error{Status: http.StatusUnprocessableEntity, Code: "insufficient_budget", Message: err.Error()}
	case errors.Is(err, partners.ErrUnknownSender):
		err = &httpx.Error{Status: http.StatusUnprocessableEntity, Code: "unknown_sender", Message: err.Error()}
	}
	httpx.Fail(w, log, err)
}
