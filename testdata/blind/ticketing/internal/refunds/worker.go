// Package refunds executes order refunds (event cancellations, goodwill).
package refunds

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/payments"
	"github.com/stagepass/ticketing/internal/store"
)

// Policy decides how much of an order is refundable.
type Policy interface {
	RefundableCents(o db.Order, reason string) int64
}

// DefaultPolicy refunds face value plus fees when the organiser cancels and
// face value only otherwise.
type DefaultPolicy struct{}

func (DefaultPolicy) RefundableCents(o db.Order, reason string) int64 {
	if reason == "event_cancelled" {
		return o.SubtotalCents + o.FeesCents
	}
	return o.SubtotalCents
}

// Worker refunds one order through Stripe, then marks the order refunded and
// voids its tickets in one transaction. Money totals (refunded_cents,
// organiser balances) are booked from the charge.refunded webhook.
type Worker struct {
	river.WorkerDefaults[jobs.RefundOrderArgs]

	Tx      store.TxRunner
	Q       db.Querier
	Gateway payments.Gateway
	Policy  Policy
	Clock   func() time.Time
}

func (w *Worker) Timeout(*river.Job[jobs.RefundOrderArgs]) time.Duration { return 45 * time.Second }

func (w *Worker) Work(ctx context.Context, job *river.Job[jobs.RefundOrderArgs]) error {
	clock := w.Clock
	if clock == nil {
		clock = time.Now
	}
	o, err := w.Q.GetOrder(ctx, job.Args.OrderID)
	if store.IsNotFound(err) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if o.Status == "refunded" {
		return nil
	}
	if o.Status != "paid" || o.PaymentIntentID == nil {
		return river.JobCancel(fmt.Errorf("order %s is %s; nothing to refund", o.ID, o.Status))
	}
	amount := w.Policy.RefundableCents(o, job.Args.Reason)

	key := fmt.Sprintf("refund:%s:%d", o.ID, clock().UnixNano())
	refundID, err := w.Gateway.Refund(ctx, *o.PaymentIntentID, amount, job.Args.Reason,
		payments.WithIdempotencyKey(key),
		payments.WithMetadata(map[string]string{"order_id": o.ID, "job_id": fmt.Sprint(job.ID)}))
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "refund created", "order_id", o.ID, "refund_id", refundID, "attempt", job.Attempt)

	return w.Tx.InTx(ctx, func(q db.Querier) error {
		cur, err := q.GetOrderForUpdate(ctx, o.ID)
		if err != nil {
			return err
		}
		if err := q.InsertRefund(ctx, db.InsertRefundParams{
			StripeRefundID: refundID,
			OrderID:        cur.ID,
			AmountCents:    amount,
			Reason:         job.Args.Reason,
		}); err != nil {
			return err
		}
		if cur.Status == "refunded" {
			return nil
		}
		if err := q.MarkOrderRefunded(ctx, cur.ID); err != nil {
			return err
		}
		return q.VoidTicketsForOrder(ctx, cur.ID)
	})
}
