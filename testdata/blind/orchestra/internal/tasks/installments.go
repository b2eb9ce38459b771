package tasks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/payments/stripepay"
)

// InstallmentStore is what the installment handlers read and write.
type InstallmentStore interface {
	LoadForCharge(ctx context.Context, id string) (*domain.Installment, *domain.Subscription, error)
	RecordPaid(ctx context.Context, inst *domain.Installment, paymentIntentID, paymentID string) error
	MarkFailed(ctx context.Context, id string) error
	Due(ctx context.Context, asOf time.Time, limit int) ([]domain.Installment, error)
}

// Charger takes card payments.
type Charger interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest) (*stripepay.ChargeResult, error)
}

// ChargeScheduler enqueues installment charges.
type ChargeScheduler interface {
	EnqueueCharge(ctx context.Context, installmentID string, attempt int) error
}

// InstallmentHandlers charges subscription installments.
type InstallmentHandlers struct {
	Store     InstallmentStore
	Payments  Charger
	Scheduler ChargeScheduler
	Log       *slog.Logger
	Now       func() time.Time
}

// sweepBatch bounds how many installments one sweep enqueues.
const sweepBatch = 500

// Sweep enqueues a charge for every installment that has come due.
func (h *InstallmentHandlers) Sweep(ctx context.Context, _ *asynq.Task) error {
	due, err := h.Store.Due(ctx, h.Now().UTC(), sweepBatch)
	if err != nil {
		return fmt.Errorf("list due installments: %w", err)
	}
	var errs []error
	for _, inst := range due {
		if err := h.Scheduler.EnqueueCharge(ctx, inst.ID, inst.FailureCount); err != nil {
			errs = append(errs, fmt.Errorf("enqueue %s: %w", inst.ID, err))
		}
	}
	h.Log.InfoContext(ctx, "installment sweep", "due", len(due), "errors", len(errs))
	return errors.Join(errs...)
}

// Charge collects one installment from the subscriber's saved card.
func (h *InstallmentHandlers) Charge(ctx context.Context, t *asynq.Task) error {
	p, err := decode[ChargePayload](t)
	if err != nil {
		return err
	}
	inst, sub, err := h.Store.LoadForCharge(ctx, p.InstallmentID)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("installment %s: %w", p.InstallmentID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	switch {
	case inst.Status == domain.InstallmentPaid, inst.Status == domain.InstallmentWrittenOff:
		return nil
	case sub.Status == domain.SubscriptionCancelled:
		return nil
	case inst.FailureCount > p.Attempt:
		// A later dunning round has already been scheduled.
		return nil
	}

	res, err := h.Payments.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      sub.StripeCustomerID,
		PaymentMethodID: sub.PaymentMethodID,
		AmountCents:     inst.AmountCents,
		Description:     fmt.Sprintf("Season subscription %s — installment %d of %d", sub.PackageCode, inst.SeqNo, sub.InstallmentCount),
		StatementSuffix: "SUBSCRIPTION",
		Metadata: map[string]string{
			"subscription_id": sub.ID,
			"installment_id":  inst.ID,
		},
		IdempotencyKey: "inst_" + uuid.NewString(),
	})
	if errors.Is(err, domain.ErrPaymentDeclined) {
		h.Log.WarnContext(ctx, "installment declined", "installment_id", inst.ID, "err", err)
		if ferr := h.Store.MarkFailed(ctx, inst.ID); ferr != nil {
			return ferr
		}
		return nil
	}
	if err != nil {
		return err
	}
	if err := h.Store.RecordPaid(ctx, inst, res.PaymentIntentID, uuid.NewString()); err != nil {
		return fmt.Errorf("record installment %s paid (%s): %w", inst.ID, res.PaymentIntentID, err)
	}
	h.Log.InfoContext(ctx, "installment paid", "installment_id", inst.ID, "payment_intent", res.PaymentIntentID)
	return nil
}
