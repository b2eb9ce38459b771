package commands

import (
	"context"
	"log/slog"
	"time"

	"github.com/quillpress/apcdesk/internal/domain"
)

// CreateSupplementaryInvoice raises a hand-made invoice.
type CreateSupplementaryInvoice struct {
	IdempotencyKey string
	Request        domain.NewSupplementaryInvoice
	Result         *domain.Invoice
}

func (CreateSupplementaryInvoice) CommandName() string { return "invoice.create_supplementary" }

// VoidInvoice cancels an open invoice.
type VoidInvoice struct {
	InvoiceID string
	Actor     string
	Reason    string
}

func (VoidInvoice) CommandName() string { return "invoice.void" }

// GrantWaiver applies a waiver.
type GrantWaiver struct {
	InvoiceID string
	Request   domain.WaiverRequest
	Result    *domain.Waiver
}

func (GrantWaiver) CommandName() string { return "invoice.grant_waiver" }

// DrawDownCredit pays an invoice from agreement credit.
type DrawDownCredit struct {
	AgreementID string
	InvoiceID   string
	Actor       string
	Result      *domain.LedgerEntry
}

func (DrawDownCredit) CommandName() string { return "agreement.drawdown" }

// IssueRefund refunds a paid invoice.
type IssueRefund struct {
	InvoiceID string
	Request   domain.RefundRequest
	Result    *domain.Refund
}

func (IssueRefund) CommandName() string { return "invoice.refund" }

// grantWaiverHandler holds the service call as a field so the handler can
// be built from any function with the right shape.
type grantWaiverHandler struct {
	grant func(context.Context, string, domain.WaiverRequest) (domain.Waiver, error)
}

func (h grantWaiverHandler) Handle(ctx context.Context, cmd GrantWaiver) error {
	w, err := h.grant(ctx, cmd.InvoiceID, cmd.Request)
	if err != nil {
		return err
	}
	if cmd.Result != nil {
		*cmd.Result = w
	}
	return nil
}

type drawDownHandler struct {
	agreements domain.AgreementService
}

func (h drawDownHandler) Handle(ctx context.Context, cmd DrawDownCredit) error {
	e, err := h.agreements.DrawDown(ctx, cmd.AgreementID, cmd.InvoiceID, cmd.Actor)
	if err != nil {
		return err
	}
	if cmd.Result != nil {
		*cmd.Result = e
	}
	return nil
}

// Services groups what the billing handlers need.
type Services struct {
	Invoices   domain.InvoiceService
	Payments   domain.PaymentService
	Waivers    domain.WaiverService
	Agreements domain.AgreementService
}

// RegisterBilling installs the billing command handlers on b.
func RegisterBilling(b *Bus, svc Services, log *slog.Logger) {
	Register[CreateSupplementaryInvoice](b,
		HandlerFunc[CreateSupplementaryInvoice](func(ctx context.Context, cmd CreateSupplementaryInvoice) error {
			inv, err := svc.Invoices.CreateSupplementary(ctx, cmd.IdempotencyKey, cmd.Request)
			if err == nil && cmd.Result != nil {
				*cmd.Result = inv
			}
			return err
		}),
		WithLogging[CreateSupplementaryInvoice](log), WithRecover[CreateSupplementaryInvoice]())

	Register[VoidInvoice](b,
		HandlerFunc[VoidInvoice](func(ctx context.Context, cmd VoidInvoice) error {
			return svc.Invoices.Void(ctx, cmd.InvoiceID, cmd.Actor, cmd.Reason)
		}),
		WithLogging[VoidInvoice](log))

	Register[GrantWaiver](b, grantWaiverHandler{grant: svc.Waivers.Grant},
		WithLogging[GrantWaiver](log), WithTimeout[GrantWaiver](10*time.Second))

	Register[DrawDownCredit](b, drawDownHandler{agreements: svc.Agreements},
		WithLogging[DrawDownCredit](log), WithTimeout[DrawDownCredit](10*time.Second))

	Register[IssueRefund](b,
		HandlerFunc[IssueRefund](func(ctx context.Context, cmd IssueRefund) error {
			r, err := svc.Payments.Refund(ctx, cmd.InvoiceID, cmd.Request)
			if err == nil && cmd.Result != nil {
				*cmd.Result = r
			}
			return err
		}),
		WithLogging[IssueRefund](log), WithRecover[IssueRefund]())
}
