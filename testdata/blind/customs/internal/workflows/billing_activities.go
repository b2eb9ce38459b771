package workflows

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/harborline/brokerage/internal/clients/payments"
	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/platform/ids"
	"github.com/harborline/brokerage/internal/repository"
)

// BillingActivities implements the activities of MonthlyBillingWorkflow.
type BillingActivities struct {
	tx        repository.Transactor
	billing   repository.BillingRepository
	importers repository.ImporterRepository
	payments  repository.PaymentRepository
	provider  payments.Provider
	log       *slog.Logger
}

// BillingDeps are the dependencies injected by fx.
type BillingDeps struct {
	fx.In

	Tx        repository.Transactor
	Billing   repository.BillingRepository
	Importers repository.ImporterRepository
	Payments  repository.PaymentRepository
	Provider  payments.Provider
	Log       *slog.Logger
}

// NewBillingActivities builds the activity struct.
func NewBillingActivities(d BillingDeps) *BillingActivities {
	return &BillingActivities{
		tx: d.Tx, billing: d.Billing, importers: d.Importers, payments: d.Payments,
		provider: d.Provider, log: d.Log.With("component", "billing-activities"),
	}
}

// GenerateInvoices creates one invoice per importer with billable activity
// in the period and attaches that period's unbilled line items to it.
func (a *BillingActivities) GenerateInvoices(ctx context.Context, period string) ([]string, error) {
	importerIDs, err := a.billing.ImportersWithActivity(ctx, period)
	if err != nil {
		return nil, err
	}
	invoiceIDs := make([]string, 0, len(importerIDs))
	for _, importerID := range importerIDs {
		err := a.tx.InTx(ctx, func(tx *gorm.DB) error {
			br := a.billing.WithTx(tx)
			number, err := br.NextInvoiceNumber(ctx, period)
			if err != nil {
				return err
			}
			inv := &domain.Invoice{
				ID:         ids.Derive(ids.Invoice, importerID, period),
				ImporterID: importerID,
				Period:     period,
				Number:     number,
				Currency:   "EUR",
				Status:     "draft",
			}
			if err := br.CreateInvoice(ctx, inv); err != nil {
				return fmt.Errorf("create invoice for %s: %w", importerID, err)
			}
			if _, err := br.AttachLineItems(ctx, inv.ID, importerID, period); err != nil {
				return err
			}
			total, err := br.InvoiceTotal(ctx, inv.ID)
			if err != nil {
				return err
			}
			if err := br.FinaliseInvoice(ctx, inv.ID, total); err != nil {
				return err
			}
			invoiceIDs = append(invoiceIDs, inv.ID)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return invoiceIDs, nil
}

// ChargeInvoice collects an open invoice from the importer's default
// payment method. The invoice row is the durable intent; its id keys the
// charge at the provider.
func (a *BillingActivities) ChargeInvoice(ctx context.Context, invoiceID string) error {
	inv, err := a.billing.GetInvoice(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status == "paid" || inv.DueCents() <= 0 {
		return nil
	}
	imp, err := a.importers.Get(ctx, inv.ImporterID)
	if err != nil {
		return err
	}
	pm, err := a.payments.DefaultPaymentMethod(ctx, inv.ImporterID)
	if err != nil || imp.PaymentsCustomerID == nil {
		_ = a.billing.SetInvoiceStatus(ctx, inv.ID, "awaiting_payment")
		return nil
	}

	charge, err := a.provider.Charge(ctx, payments.ChargeParams{
		CustomerID:  *imp.PaymentsCustomerID,
		MethodID:    pm.ProviderMethodID,
		AmountCents: inv.DueCents(),
		Currency:    inv.Currency,
		Description: "Harborline invoice " + inv.Number,
		Metadata:    map[string]string{"invoice_id": inv.ID, "kind": "invoice"},
	}, payments.WithIdempotencyKey("invoice:"+inv.ID))
	if errors.Is(err, payments.ErrDeclined) {
		if serr := a.billing.SetInvoiceStatus(ctx, inv.ID, "past_due"); serr != nil {
			return serr
		}
		return temporal.NewNonRetryableApplicationError(err.Error(), "Declined", err)
	}
	if err != nil {
		return err
	}
	return a.billing.MarkInvoiceCharged(ctx, inv.ID, charge.ID, time.Now().UTC())
}
