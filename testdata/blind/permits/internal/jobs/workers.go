// Package jobs holds the River workers run by the permits-worker binary.
package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/civicworks/permits/internal/jobargs"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/service"
)

// cancelOnDomainError stops retrying jobs whose failure will not change on
// a later attempt.
func cancelOnDomainError(err error) error {
	if errors.Is(err, permits.ErrNotFound) || errors.Is(err, permits.ErrForbidden) {
		return river.JobCancel(err)
	}
	return err
}

// NotifyDecisionWorker texts the applicant about a decision.
type NotifyDecisionWorker struct {
	river.WorkerDefaults[jobargs.NotifyDecision]
	Notifier service.Notifier
}

func (w *NotifyDecisionWorker) Work(ctx context.Context, job *river.Job[jobargs.NotifyDecision]) error {
	a := job.Args
	return cancelOnDomainError(w.Notifier.SendDecision(ctx, a.ApplicationID, a.Decision, a.NotificationID))
}

// InspectionReminderWorker texts the applicant the day before an inspection.
type InspectionReminderWorker struct {
	river.WorkerDefaults[jobargs.InspectionReminder]
	Notifier service.Notifier
}

func (w *InspectionReminderWorker) Work(ctx context.Context, job *river.Job[jobargs.InspectionReminder]) error {
	return cancelOnDomainError(w.Notifier.SendInspectionReminder(ctx, job.Args.InspectionID))
}

func (w *InspectionReminderWorker) Timeout(*river.Job[jobargs.InspectionReminder]) time.Duration {
	return 30 * time.Second
}

// IssuePermitWorker issues the permit for an approved application.
type IssuePermitWorker struct {
	river.WorkerDefaults[jobargs.IssuePermit]
	Review service.Review
	Log    *slog.Logger
}

func (w *IssuePermitWorker) Work(ctx context.Context, job *river.Job[jobargs.IssuePermit]) error {
	p, err := w.Review.IssuePermit(ctx, job.Args.ApplicationID)
	if errors.Is(err, permits.ErrInvalidState) {
		return river.JobCancel(err)
	}
	if err != nil {
		return cancelOnDomainError(err)
	}
	w.Log.InfoContext(ctx, "permit issued", "application_id", job.Args.ApplicationID, "permit_number", p.PermitNumber)
	return nil
}

// ApplyParkingRenewalWorker extends a parking permit once its renewal is paid.
type ApplyParkingRenewalWorker struct {
	river.WorkerDefaults[jobargs.ApplyParkingRenewal]
	Parking service.Parking
}

func (w *ApplyParkingRenewalWorker) Work(ctx context.Context, job *river.Job[jobargs.ApplyParkingRenewal]) error {
	err := w.Parking.ApplyRenewal(ctx, job.Args.RenewalID)
	if errors.Is(err, permits.ErrInvalidState) {
		return river.JobSnooze(time.Minute)
	}
	return cancelOnDomainError(err)
}

// RefundApplicationFeeWorker refunds the fee of a withdrawn application.
type RefundApplicationFeeWorker struct {
	river.WorkerDefaults[jobargs.RefundApplicationFee]
	Fees service.Fees
}

func (w *RefundApplicationFeeWorker) Work(ctx context.Context, job *river.Job[jobargs.RefundApplicationFee]) error {
	return cancelOnDomainError(w.Fees.RefundForWithdrawal(ctx, job.Args.ApplicationID))
}

// ExpirePermitsWorker marks permits past their validity as expired.
type ExpirePermitsWorker struct {
	river.WorkerDefaults[jobargs.ExpirePermits]
	Review service.Review
	Log    *slog.Logger
}

func (w *ExpirePermitsWorker) Work(ctx context.Context, _ *river.Job[jobargs.ExpirePermits]) error {
	n, err := w.Review.ExpirePermits(ctx, time.Now())
	if err != nil {
		return err
	}
	if n > 0 {
		w.Log.InfoContext(ctx, "permits expired", "count", n)
	}
	return nil
}
