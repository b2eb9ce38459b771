package checkout

import (
	"context"
	"errors"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/payments"
	"github.com/pawsandstay/kennel/internal/platform"
)

// ChargeWorker charges an invoice's balance to the owner's saved card.
type ChargeWorker struct {
	river.WorkerDefaults[jobs.ChargeInvoice]

	db       *bun.DB
	invoices *platform.Store[Invoice]
	dir      owners.Directory
	gateway  payments.Gateway
}

// NewChargeWorker returns the worker.
func NewChargeWorker(db *bun.DB, dir owners.Directory, gw payments.Gateway) *ChargeWorker {
	return &ChargeWorker{db: db, invoices: platform.NewStore[Invoice](db), dir: dir, gateway: gw}
}

// Work implements river.Worker.
func (w *ChargeWorker) Work(ctx context.Context, job *river.Job[jobs.ChargeInvoice]) error {
	inv, err := w.invoices.Get(ctx, job.Args.InvoiceID)
	if err != nil {
		return err
	}
	if inv.Status != InvoiceOpen {
		return nil
	}
	owner, err := w.dir.Owner(ctx, inv.OwnerID)
	if err != nil {
		return err
	}
	if !owner.CanBeCharged() {
		return w.setStatus(ctx, inv, InvoiceFailed, nil)
	}

	intent, err := w.gateway.Charge(ctx, payments.ChargeRequest{
		OperationID:     "invoice_" + inv.ID.String(),
		CustomerID:      *owner.StripeCustomerID,
		PaymentMethodID: *owner.DefaultPaymentMethodID,
		AmountCents:     inv.AmountDueCents,
		Currency:        inv.Currency,
		Description:     "Boarding stay balance",
		StatementSuffix: "STAY",
		Metadata: map[string]string{
			"kind":           "invoice",
			"invoice_id":     inv.ID.String(),
			"reservation_id": inv.ReservationID.String(),
		},
	})
	var declined *payments.DeclinedError
	if errors.As(err, &declined) {
		return w.setStatus(ctx, inv, InvoiceFailed, nil)
	}
	if err != nil {
		return err
	}
	return w.setStatus(ctx, inv, InvoiceProcessing, &intent.ID)
}

func (w *ChargeWorker) setStatus(ctx context.Context, inv *Invoice, status string, intentID *string) error {
	q := w.db.NewUpdate().Model((*Invoice)(nil)).
		Set("status = ?", status).
		Where("id = ? AND status = ?", inv.ID, InvoiceOpen)
	if intentID != nil {
		q = q.Set("payment_intent_id = ?", *intentID)
	}
	_, err := q.Exec(ctx)
	return err
}
