package worker

import (
	"context"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

func (w *Worker) chargeBalance(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.ChargeBalancePayload](t)
	if err != nil {
		return err
	}
	err = w.balances.ChargeBalanceOffSession(ctx, p.BookingID)
	if errors.Is(err, domain.ErrPaymentDeclined) {
		// The traveller is asked to pay by link; retrying a decline only
		// annoys the issuer.
		w.log.WarnContext(ctx, "balance declined", "booking_id", p.BookingID, "err", err)
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return permanent(err)
}

func (w *Worker) processRefund(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.RefundPayload](t)
	if err != nil {
		return err
	}
	return permanent(w.refunds.ProcessRefund(ctx, p.RefundID))
}

func (w *Worker) payoutSupplier(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.InvoicePayload](t)
	if err != nil {
		return err
	}
	return permanent(w.payouts.PayInvoice(ctx, p.InvoiceID))
}

func (w *Worker) reconcileInvoice(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.InvoicePayload](t)
	if err != nil {
		return err
	}
	return permanent(w.invoices.Reconcile(ctx, p.InvoiceID))
}
