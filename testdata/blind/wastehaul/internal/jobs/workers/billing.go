package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/service/billing"
)

// AutopayWorker charges an invoice to the customer's default card.
type AutopayWorker struct {
	river.WorkerDefaults[jobargs.Autopay]
	billing billing.Service
}

// Work implements river.Worker.
func (w *AutopayWorker) Work(ctx context.Context, job *river.Job[jobargs.Autopay]) error {
	return w.billing.Autopay(ctx, job.Args.InvoiceID)
}

// NextRetry backs off linearly in half-hour steps.
func (w *AutopayWorker) NextRetry(job *river.Job[jobargs.Autopay]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt) * 30 * time.Minute)
}

// RentalCycleWorker bills a month's rent for every active rental.
type RentalCycleWorker struct {
	river.WorkerDefaults[jobargs.RentalCycle]
	billing billing.Service
	log     *slog.Logger
}

// Work implements river.Worker.
func (w *RentalCycleWorker) Work(ctx context.Context, job *river.Job[jobargs.RentalCycle]) error {
	n, err := w.billing.RunRentalCycle(ctx, job.Args.PeriodStart)
	w.log.InfoContext(ctx, "rental cycle", "period", job.Args.PeriodStart.Format("2006-01"), "billed", n, "err", err)
	return err
}

// Timeout implements river.Worker.
func (w *RentalCycleWorker) Timeout(*river.Job[jobargs.RentalCycle]) time.Duration {
	return 20 * time.Minute
}
