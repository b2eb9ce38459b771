package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/keystone-pm/rent/internal/service/payments"
	"github.com/keystone-pm/rent/internal/tasks"
)

// AutopayRunWorker debits enrolled tenants on their due day.
type AutopayRunWorker struct {
	river.WorkerDefaults[tasks.AutopayRunArgs]

	Payments payments.Service
	Log      *slog.Logger
}

func (w *AutopayRunWorker) Work(ctx context.Context, job *river.Job[tasks.AutopayRunArgs]) error {
	period, err := tasks.ParseDate(job.Args.Period)
	if err != nil {
		return river.JobCancel(err)
	}
	sum, err := w.Payments.RunAutopay(ctx, period, job.Args.DueDay)
	w.Log.Info("autopay run", "period", job.Args.Period, "considered", sum.Considered,
		"submitted", sum.Submitted, "skipped", sum.Skipped, "err", err)
	return err
}

func (w *AutopayRunWorker) Timeout(*river.Job[tasks.AutopayRunArgs]) time.Duration {
	return 15 * time.Minute
}

// PollTransfersWorker reconciles submitted payments whose webhook is late.
type PollTransfersWorker struct {
	river.WorkerDefaults[tasks.PollTransfersArgs]

	Payments payments.Service
	Log      *slog.Logger
}

func (w *PollTransfersWorker) Work(ctx context.Context, job *river.Job[tasks.PollTransfersArgs]) error {
	n, err := w.Payments.Reconcile(ctx, 6*time.Hour, 200)
	if n > 0 {
		w.Log.Info("reconciled payments from polling", "count", n)
	}
	return err
}
