package refunds

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/payments"
	"github.com/pawsandstay/kennel/internal/platform"
)

// Worker submits pending refunds to Stripe. The charge.refunded webhook
// moves them to succeeded.
type Worker struct {
	river.WorkerDefaults[jobs.IssueRefund]

	refunds *platform.Store[Refund]
	gateway payments.Gateway
}

// NewWorker returns the worker.
func NewWorker(db *bun.DB, gw payments.Gateway) *Worker {
	return &Worker{refunds: platform.NewStore[Refund](db), gateway: gw}
}

// Timeout gives Stripe room on slow days.
func (w *Worker) Timeout(*river.Job[jobs.IssueRefund]) time.Duration { return 45 * time.Second }

// Work implements river.Worker.
func (w *Worker) Work(ctx context.Context, job *river.Job[jobs.IssueRefund]) error {
	rf, err := w.refunds.Get(ctx, job.Args.RefundID)
	if errors.Is(err, platform.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if rf.Status != StatusPending {
		return nil
	}

	out, err := w.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: rf.PaymentIntentID,
		AmountCents:     rf.AmountCents,
		Reason:          rf.Reason,
		Metadata: map[string]string{
			"refund_id":      rf.ID,
			"reservation_id": rf.ReservationID.String(),
		},
	})
	if err != nil {
		msg := err.Error()
		rf.FailureMessage = &msg
		_ = w.refunds.Update(ctx, rf, "failure_message")
		return err
	}

	rf.StripeRefundID = &out.ID
	rf.Status = StatusSubmitted
	if out.Status == "succeeded" {
		rf.Status = StatusSucceeded
	}
	rf.UpdatedAt = time.Now().UTC()
	return w.refunds.Update(ctx, rf, "stripe_refund_id", "status", "updated_at")
}
