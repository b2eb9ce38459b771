package payments

import (
	"context"
	"errors"

	"github.com/riverqueue/river"

	"github.com/northmill/procure/internal/bankpay"
	"github.com/northmill/procure/internal/invoicing"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/tasks"
)

// Bank webhook event types.
const (
	EventSettled  = "payment.settled"
	EventRejected = "payment.rejected"
	EventReturned = "payment.returned"
)

// HandleBankEvent applies a payment status notification from the bank
// and keeps the raw event.
func (s *Service) HandleBankEvent(ctx context.Context, ev bankpay.Event) error {
	return s.store.ExecTx(ctx, func(q db.Querier) error {
		fresh, err := s.repo.InsertBankEvent(ctx, q, ev.ID, ev.Type, ev.Payment.ID, ev)
		if err != nil || !fresh {
			return err
		}
		p, err := s.repo.ByBankID(ctx, q, ev.Payment.ID)
		if errors.Is(err, db.ErrNotFound) {
			s.log.InfoContext(ctx, "bank event for a payment we do not track", "event_id", ev.ID, "bank_payment_id", ev.Payment.ID)
			return nil
		}
		if err != nil {
			return err
		}

		switch ev.Type {
		case EventSettled:
			ok, err := s.repo.Finish(ctx, q, p.ID, StatusSettled, nil)
			if err != nil || !ok {
				return err
			}
			gross := p.AmountMinor + p.DiscountMinor
			if err := s.invoices.SettleOpen(ctx, q, p.InvoiceID, gross); err != nil {
				return err
			}
			if err := s.invoices.SetStatus(ctx, q, p.InvoiceID, invoicing.StatusPaid); err != nil {
				return err
			}
			if err := s.suppliers.AdjustBalance(ctx, q, p.SupplierID, -gross, 0); err != nil {
				return err
			}
			return s.jobs.EnqueueTx(ctx, q, tasks.SendRemittance{PaymentID: p.ID}, &river.InsertOpts{
				Queue:      tasks.QueueEDI,
				UniqueOpts: river.UniqueOpts{ByArgs: true},
			})
		case EventRejected, EventReturned:
			status := StatusRejected
			if ev.Type == EventReturned {
				status = StatusReturned
			}
			reason := ev.Payment.Reason
			if _, err := s.repo.Finish(ctx, q, p.ID, status, &reason); err != nil {
				return err
			}
			s.log.WarnContext(ctx, "supplier payment failed", "payment_id", p.ID, "status", status, "reason", reason)
			return nil
		default:
			return nil
		}
	})
}
