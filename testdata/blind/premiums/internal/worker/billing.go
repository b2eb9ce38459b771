// Package worker contains the river workers run by cmd/worker.
package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/service/billing"
)

// PremiumRunWorker fans out the monthly collection run.
type PremiumRunWorker struct {
	river.WorkerDefaults[jobs.PremiumRunArgs]
	Billing billing.Service
	Log     *slog.Logger
}

func (w *PremiumRunWorker) Timeout(*river.Job[jobs.PremiumRunArgs]) time.Duration {
	return 10 * time.Minute
}

func (w *PremiumRunWorker) Work(ctx context.Context, job *river.Job[jobs.PremiumRunArgs]) error {
	n, err := w.Billing.RunPremiums(ctx, job.Args.Period)
	if err != nil {
		return err
	}
	w.Log.Info("premium run scheduled", "period", job.Args.Period, "collections", n, "job_id", job.ID)
	return nil
}

// CollectPremiumWorker collects one month's premium for one policy.
type CollectPremiumWorker struct {
	river.WorkerDefaults[jobs.CollectPremiumArgs]
	Billing billing.Service
}

func (w *CollectPremiumWorker) NextRetry(job *river.Job[jobs.CollectPremiumArgs]) time.Time {
	// Card retries work best spread over days, not seconds.
	return time.Now().Add(time.Duration(job.Attempt) * 6 * time.Hour)
}

func (w *CollectPremiumWorker) Work(ctx context.Context, job *river.Job[jobs.CollectPremiumArgs]) error {
	err := w.Billing.CollectPremium(ctx, job.Args.ScheduleID)
	if errors.Is(err, db.ErrNotFound) {
		return river.JobCancel(err)
	}
	return err
}

// CancellationRefundWorker refunds unused premium after cancellation.
type CancellationRefundWorker struct {
	river.WorkerDefaults[jobs.CancellationRefundArgs]
	Billing billing.Service
}

func (w *CancellationRefundWorker) Work(ctx context.Context, job *river.Job[jobs.CancellationRefundArgs]) error {
	return w.Billing.ProcessRefund(ctx, job.Args.RefundID)
}

// MonthlyOnDay is a PeriodicSchedule firing at 06:00 UTC on a fixed day of
// each month.
type MonthlyOnDay struct{ Day int }

func (m MonthlyOnDay) Next(current time.Time) time.Time {
	c := current.UTC()
	next := time.Date(c.Year(), c.Month(), m.Day, 6, 0, 0, 0, time.UTC)
	if !next.After(c) {
		next = next.AddDate(0, 1, 0)
	}
	return next
}

// PremiumRunPeriodic enqueues the run for the current month on the 1st.
func PremiumRunPeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(MonthlyOnDay{Day: 1}, func() (river.JobArgs, *river.InsertOpts) {
		return jobs.PremiumRunArgs{Period: billing.PeriodKey(time.Now())}, nil
	}, &river.PeriodicJobOpts{ID: "premium_run_monthly"})
}
