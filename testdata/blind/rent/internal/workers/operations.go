package workers

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/keystone-pm/rent/internal/service/maintenance"
	"github.com/keystone-pm/rent/internal/service/payouts"
	"github.com/keystone-pm/rent/internal/tasks"
)

// DispatchWorkOrderWorker books a vendor for a maintenance request.
type DispatchWorkOrderWorker struct {
	river.WorkerDefaults[tasks.DispatchWorkOrderArgs]

	Maintenance maintenance.Service
}

func (w *DispatchWorkOrderWorker) Work(ctx context.Context, job *river.Job[tasks.DispatchWorkOrderArgs]) error {
	return w.Maintenance.Dispatch(ctx, job.Args.RequestID)
}

// DisbursementSweepWorker creates the period's landlord disbursements.
type DisbursementSweepWorker struct {
	river.WorkerDefaults[tasks.DisbursementSweepArgs]

	Payouts payouts.Service
	Log     *slog.Logger
}

func (w *DisbursementSweepWorker) Work(ctx context.Context, job *river.Job[tasks.DisbursementSweepArgs]) error {
	start, err := tasks.ParseDate(job.Args.PeriodStart)
	if err != nil {
		return river.JobCancel(err)
	}
	end, err := tasks.ParseDate(job.Args.PeriodEnd)
	if err != nil {
		return river.JobCancel(err)
	}
	n, err := w.Payouts.Sweep(ctx, start, end)
	w.Log.Info("disbursement sweep", "period_start", job.Args.PeriodStart, "created", n, "err", err)
	return err
}

// SubmitPayoutWorker sends one disbursement to the bank.
type SubmitPayoutWorker struct {
	river.WorkerDefaults[tasks.SubmitPayoutArgs]

	Payouts payouts.Service
}

func (w *SubmitPayoutWorker) Work(ctx context.Context, job *river.Job[tasks.SubmitPayoutArgs]) error {
	return w.Payouts.Submit(ctx, job.Args.DisbursementID)
}
