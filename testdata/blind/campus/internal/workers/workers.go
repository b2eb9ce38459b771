// Package workers holds the River workers run by cmd/worker.
package workers

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/maintenance"
	"github.com/quadhall/housing/internal/moveout"
	"github.com/quadhall/housing/internal/refunds"
)

// DispatchMaintenance dispatches new maintenance requests.
type DispatchMaintenance struct {
	river.WorkerDefaults[jobs.DispatchMaintenanceArgs]
	svc *maintenance.Service
}

func (w *DispatchMaintenance) Timeout(*river.Job[jobs.DispatchMaintenanceArgs]) time.Duration {
	return 45 * time.Second
}

func (w *DispatchMaintenance) Work(ctx context.Context, job *river.Job[jobs.DispatchMaintenanceArgs]) error {
	return w.svc.Dispatch(ctx, job.Args.RequestID)
}

// PayContractorInvoice pays approved contractor invoices.
type PayContractorInvoice struct {
	river.WorkerDefaults[jobs.PayContractorInvoiceArgs]
	svc *maintenance.Service
}

func (w *PayContractorInvoice) Work(ctx context.Context, job *river.Job[jobs.PayContractorInvoiceArgs]) error {
	return w.svc.PayInvoice(ctx, job.Args.InvoiceID)
}

// RefundDeposit refunds held deposits.
type RefundDeposit struct {
	river.WorkerDefaults[jobs.RefundDepositArgs]
	svc *refunds.Service
}

func (w *RefundDeposit) Work(ctx context.Context, job *river.Job[jobs.RefundDepositArgs]) error {
	err := w.svc.IssueDepositRefund(ctx, job.Args.AssignmentID)
	switch {
	case errors.Is(err, refunds.ErrNoBankAccount):
		return river.JobSnooze(24 * time.Hour)
	case errors.Is(err, refunds.ErrNotRefundable):
		return river.JobCancel(err)
	}
	return err
}

// NextRetry backs off slowly; payout outages tend to last hours.
func (w *RefundDeposit) NextRetry(job *river.Job[jobs.RefundDepositArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * 10 * time.Minute)
}

// ChargeDamage charges cards for damage beyond the deposit.
type ChargeDamage struct {
	river.WorkerDefaults[jobs.ChargeDamageArgs]
	svc *moveout.Service
}

func (w *ChargeDamage) Work(ctx context.Context, job *river.Job[jobs.ChargeDamageArgs]) error {
	err := w.svc.ChargeDamage(ctx, job.Args.InspectionID, job.Args.StudentID, job.Args.AmountCents)
	if errors.Is(err, moveout.ErrCardDeclined) {
		return river.JobCancel(err)
	}
	return err
}

// RekeyRoom books lock re-cores.
type RekeyRoom struct {
	river.WorkerDefaults[jobs.RekeyRoomArgs]
	svc *moveout.Service
}

func (w *RekeyRoom) Work(ctx context.Context, job *river.Job[jobs.RekeyRoomArgs]) error {
	return w.svc.BookRekey(ctx, job.Args.AssignmentID, job.Args.RoomID)
}

// Deps are the services workers delegate to.
type Deps struct {
	Querier     db.Querier
	Maintenance *maintenance.Service
	MoveOut     *moveout.Service
	Refunds     *refunds.Service
	Mail        Sender
}

// Registered is returned by Register so the injector orders registration
// before the client is started.
type Registered struct{ Count int }

// NewBundle returns the empty worker bundle the River client is built
// with. Workers are added by Register once the services they need (which
// themselves enqueue through the same client) exist.
func NewBundle() *river.Workers { return river.NewWorkers() }

// Register adds every worker to w.
func Register(w *river.Workers, d Deps) Registered {
	river.AddWorker(w, &DispatchMaintenance{svc: d.Maintenance})
	river.AddWorker(w, &PayContractorInvoice{svc: d.Maintenance})
	river.AddWorker(w, &RefundDeposit{svc: d.Refunds})
	river.AddWorker(w, &ChargeDamage{svc: d.MoveOut})
	river.AddWorker(w, &RekeyRoom{svc: d.MoveOut})
	river.AddWorker(w, sendEmail(d.Mail))
	river.AddWorker(w, bankDetailsReminder(d.Querier, d.Mail))
	return Registered{Count: 7}
}
