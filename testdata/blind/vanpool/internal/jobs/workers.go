package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/jobs/jobargs"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/service"
)

// permanent turns errors no retry can fix into a cancelled job.
func permanent(err error) error {
	if errors.Is(err, domain.ErrInvalidState) || errors.Is(err, domain.ErrNotFound) ||
		errors.Is(err, db.ErrNotFound) || errors.Is(err, domain.ErrNoBankAccount) {
		return river.JobCancel(err)
	}
	return err
}

// FareRunFanoutWorker creates a run's deductions.
type FareRunFanoutWorker struct {
	river.WorkerDefaults[jobargs.FareRunFanout]
	fares service.Fares
	log   *slog.Logger
}

// NewFareRunFanoutWorker returns a FareRunFanoutWorker.
func NewFareRunFanoutWorker(fares service.Fares, log *slog.Logger) *FareRunFanoutWorker {
	return &FareRunFanoutWorker{fares: fares, log: log}
}

// Timeout allows for large runs.
func (w *FareRunFanoutWorker) Timeout(*river.Job[jobargs.FareRunFanout]) time.Duration {
	return 5 * time.Minute
}

// Work implements river.Worker.
func (w *FareRunFanoutWorker) Work(ctx context.Context, job *river.Job[jobargs.FareRunFanout]) error {
	n, err := w.fares.FanOutRun(ctx, job.Args.FareRunID)
	if err != nil {
		return permanent(err)
	}
	w.log.Info("fare run fan-out done", "run", job.Args.FareRunID, "deductions", n, "attempt", job.Attempt)
	return nil
}

// PayrollDeductionWorker submits one deduction to payroll.
type PayrollDeductionWorker struct {
	river.WorkerDefaults[jobargs.PayrollDeduction]
	fares service.Fares
}

// NewPayrollDeductionWorker returns a PayrollDeductionWorker.
func NewPayrollDeductionWorker(fares service.Fares) *PayrollDeductionWorker {
	return &PayrollDeductionWorker{fares: fares}
}

// Work implements river.Worker.
func (w *PayrollDeductionWorker) Work(ctx context.Context, job *river.Job[jobargs.PayrollDeduction]) error {
	return permanent(w.fares.SubmitDeduction(ctx, job.Args.DeductionID))
}

// PayrollAdjustmentWorker submits one refund to payroll.
type PayrollAdjustmentWorker struct {
	river.WorkerDefaults[jobargs.PayrollAdjustment]
	fares service.Fares
}

// NewPayrollAdjustmentWorker returns a PayrollAdjustmentWorker.
func NewPayrollAdjustmentWorker(fares service.Fares) *PayrollAdjustmentWorker {
	return &PayrollAdjustmentWorker{fares: fares}
}

// Work implements river.Worker.
func (w *PayrollAdjustmentWorker) Work(ctx context.Context, job *river.Job[jobargs.PayrollAdjustment]) error {
	return permanent(w.fares.SubmitAdjustment(ctx, job.Args.AdjustmentID))
}

// ReimbursementPayoutWorker pays an approved claim by ACH.
type ReimbursementPayoutWorker struct {
	river.WorkerDefaults[jobargs.ReimbursementPayout]
	svc service.Reimbursements
}

// NewReimbursementPayoutWorker returns a ReimbursementPayoutWorker.
func NewReimbursementPayoutWorker(svc service.Reimbursements) *ReimbursementPayoutWorker {
	return &ReimbursementPayoutWorker{svc: svc}
}

// NextRetry backs off slowly; ACH outages tend to last.
func (w *ReimbursementPayoutWorker) NextRetry(job *river.Job[jobargs.ReimbursementPayout]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * time.Minute)
}

// Work implements river.Worker.
func (w *ReimbursementPayoutWorker) Work(ctx context.Context, job *river.Job[jobargs.ReimbursementPayout]) error {
	return permanent(w.svc.PayClaim(ctx, job.Args.ClaimID, job.Attempt))
}

// RideReminderWorker texts a van's riders.
type RideReminderWorker struct {
	river.WorkerDefaults[jobargs.RideReminder]
	svc service.Messaging
	log *slog.Logger
}

// NewRideReminderWorker returns a RideReminderWorker.
func NewRideReminderWorker(svc service.Messaging, log *slog.Logger) *RideReminderWorker {
	return &RideReminderWorker{svc: svc, log: log}
}

// Work implements river.Worker.
func (w *RideReminderWorker) Work(ctx context.Context, job *river.Job[jobargs.RideReminder]) error {
	sum, err := w.svc.DeliverReminder(ctx, job.ID, job.Args)
	if err != nil {
		return err
	}
	w.log.Info("ride reminder delivered", "vanpool", job.Args.VanpoolID, "request", job.Args.RequestID,
		"sent", sum.Sent, "failed", sum.Failed, "skipped", sum.Skipped)
	return nil
}

// LeaseInstallmentsWorker pays the current period's lease installments.
type LeaseInstallmentsWorker struct {
	river.WorkerDefaults[jobargs.LeaseInstallments]
	svc service.Leases
	log *slog.Logger
}

// NewLeaseInstallmentsWorker returns a LeaseInstallmentsWorker.
func NewLeaseInstallmentsWorker(svc service.Leases, log *slog.Logger) *LeaseInstallmentsWorker {
	return &LeaseInstallmentsWorker{svc: svc, log: log}
}

// Work implements river.Worker.
func (w *LeaseInstallmentsWorker) Work(ctx context.Context, job *river.Job[jobargs.LeaseInstallments]) error {
	sum, err := w.svc.PayDueInstallments(ctx)
	w.log.Info("lease installments", "period", sum.Period, "paid", sum.Paid, "skipped", sum.Skipped, "failed", sum.Failed)
	return err
}

// CreditExpiryWorker expires old credits.
type CreditExpiryWorker struct {
	river.WorkerDefaults[jobargs.CreditExpiry]
	svc service.Credits
}

// NewCreditExpiryWorker returns a CreditExpiryWorker.
func NewCreditExpiryWorker(svc service.Credits) *CreditExpiryWorker {
	return &CreditExpiryWorker{svc: svc}
}

// Work implements river.Worker.
func (w *CreditExpiryWorker) Work(ctx context.Context, _ *river.Job[jobargs.CreditExpiry]) error {
	_, err := w.svc.ExpireCredits(ctx)
	return err
}

type workerSet struct {
	fx.In
	Bundle       *river.Workers
	Fanout       *FareRunFanoutWorker
	Deduction    *PayrollDeductionWorker
	Adjustment   *PayrollAdjustmentWorker
	Payout       *ReimbursementPayoutWorker
	Reminder     *RideReminderWorker
	Leases       *LeaseInstallmentsWorker
	CreditExpiry *CreditExpiryWorker
}

// RegisterWorkers adds every worker to the bundle before the client starts.
func RegisterWorkers(ws workerSet) error {
	return errors.Join(
		river.AddWorkerSafely(ws.Bundle, ws.Fanout),
		river.AddWorkerSafely(ws.Bundle, ws.Deduction),
		river.AddWorkerSafely(ws.Bundle, ws.Adjustment),
		river.AddWorkerSafely(ws.Bundle, ws.Payout),
		river.AddWorkerSafely(ws.Bundle, ws.Reminder),
		river.AddWorkerSafely(ws.Bundle, ws.Leases),
		river.AddWorkerSafely(ws.Bundle, ws.CreditExpiry),
	)
}
