// Package workers holds the River workers. Each worker is a thin adapter
// from job arguments to a service call.
package workers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/service/ledger"
	"github.com/keystone-pm/rent/internal/service/notify"
	"github.com/keystone-pm/rent/internal/tasks"
)

// LateFeeSweepWorker runs nightly and queues one assessment per delinquent
// lease. Assessment jobs are unique by lease and date, so a rerun of the
// sweep queues nothing new.
type LateFeeSweepWorker struct {
	river.WorkerDefaults[tasks.LateFeeSweepArgs]

	DB     *db.DB
	Leases repo.LeaseStore
	Jobs   tasks.Enqueuer
	Log    *slog.Logger
}

func (w *LateFeeSweepWorker) Work(ctx context.Context, job *river.Job[tasks.LateFeeSweepArgs]) error {
	asOf, err := tasks.ParseDate(job.Args.AsOf)
	if err != nil {
		return river.JobCancel(fmt.Errorf("bad as_of: %w", err))
	}
	leaseIDs, err := w.Leases.ListDelinquent(ctx, w.DB.Q(), asOf)
	if err != nil {
		return err
	}
	if len(leaseIDs) == 0 {
		return nil
	}
	params := make([]river.InsertManyParams, 0, len(leaseIDs))
	for _, id := range leaseIDs {
		params = append(params, river.InsertManyParams{
			Args: tasks.AssessLateFeeArgs{LeaseID: id, AsOf: job.Args.AsOf},
		})
	}
	res, err := w.Jobs.InsertMany(ctx, params)
	if err != nil {
		return err
	}
	skipped := 0
	for _, r := range res {
		if r.UniqueSkippedAsDuplicate {
			skipped++
		}
	}
	w.Log.Info("late fee sweep queued", "as_of", job.Args.AsOf, "leases", len(leaseIDs), "already_queued", skipped)
	return nil
}

func (w *LateFeeSweepWorker) Timeout(*river.Job[tasks.LateFeeSweepArgs]) time.Duration {
	return 10 * time.Minute
}

// AssessLateFeeWorker assesses one lease's late fees for a day.
type AssessLateFeeWorker struct {
	river.WorkerDefaults[tasks.AssessLateFeeArgs]

	Ledger ledger.Service
	Log    *slog.Logger
}

func (w *AssessLateFeeWorker) Work(ctx context.Context, job *river.Job[tasks.AssessLateFeeArgs]) error {
	asOf, err := tasks.ParseDate(job.Args.AsOf)
	if err != nil {
		return river.JobCancel(err)
	}
	fees, err := w.Ledger.AssessLateFees(ctx, job.Args.LeaseID, asOf)
	if err != nil {
		return err
	}
	if len(fees) > 0 {
		w.Log.Info("late fees assessed", "lease_id", job.Args.LeaseID, "count", len(fees))
	}
	return nil
}

// LateFeeNoticeWorker texts the tenant about a late fee.
type LateFeeNoticeWorker struct {
	river.WorkerDefaults[tasks.LateFeeNoticeArgs]

	Notify notify.Service
}

func (w *LateFeeNoticeWorker) Work(ctx context.Context, job *river.Job[tasks.LateFeeNoticeArgs]) error {
	return w.Notify.SendLateFeeNotice(ctx, job.Args.ChargeID, job.Args.LeaseID)
}

// AssessNSFFeeWorker charges the returned-payment fee and tells the tenant.
type AssessNSFFeeWorker struct {
	river.WorkerDefaults[tasks.AssessNSFFeeArgs]

	Ledger ledger.Service
	Notify notify.Service
}

func (w *AssessNSFFeeWorker) Work(ctx context.Context, job *river.Job[tasks.AssessNSFFeeArgs]) error {
	fee, err := w.Ledger.AssessNSFFee(ctx, job.Args.PaymentID, job.Args.ReturnCode)
	if err != nil {
		return err
	}
	return w.Notify.PaymentReturned(ctx, job.Args.PaymentID, fee)
}
