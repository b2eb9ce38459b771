package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// DispatchPayoutWorker sends a queued payout to the payouts provider.
type DispatchPayoutWorker struct {
	river.WorkerDefaults[queue.DispatchPayoutArgs]
	payouts service.Payouts
	rec     *metrics.Recorder
}

func (w *DispatchPayoutWorker) Work(ctx context.Context, job *river.Job[queue.DispatchPayoutArgs]) error {
	return finish(w.rec, job.Kind, w.payouts.Dispatch(ctx, job.Args.PayoutID))
}

// Timeout leaves room for the client's own backoff retries.
func (w *DispatchPayoutWorker) Timeout(*river.Job[queue.DispatchPayoutArgs]) time.Duration {
	return 2 * time.Minute
}

// ReconcilePayoutsWorker polls the provider for payouts stuck in flight.
type ReconcilePayoutsWorker struct {
	river.WorkerDefaults[queue.ReconcilePayoutsArgs]
	payouts service.Payouts
	rec     *metrics.Recorder
	now     func() time.Time
}

func (w *ReconcilePayoutsWorker) Work(ctx context.Context, job *river.Job[queue.ReconcilePayoutsArgs]) error {
	n, err := w.payouts.ReconcileSubmitted(ctx, w.now())
	if n > 0 {
		slog.InfoContext(ctx, "reconciled payouts", "updated", n)
	}
	return finish(w.rec, job.Kind, err)
}

func (w *ReconcilePayoutsWorker) Timeout(*river.Job[queue.ReconcilePayoutsArgs]) time.Duration {
	return 10 * time.Minute
}
