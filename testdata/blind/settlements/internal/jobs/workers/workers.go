// Package workers holds the River workers. Each worker is a thin adapter that
// decodes its typed args and calls a service; retries, backoff and snoozing
// are decided here, business rules live in the services.
package workers

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/providers/achpay"
	"github.com/trustwell/settlements/internal/service"
)

// DisburseClaimantWorker submits claimant payouts.
type DisburseClaimantWorker struct {
	river.WorkerDefaults[args.DisburseClaimant]
	Disbursements service.DisbursementService
	Log           *zap.Logger
}

func (w *DisburseClaimantWorker) Timeout(*river.Job[args.DisburseClaimant]) time.Duration {
	return 2 * time.Minute
}

func (w *DisburseClaimantWorker) Work(ctx context.Context, job *river.Job[args.DisburseClaimant]) error {
	err := w.Disbursements.Disburse(ctx, job.Args.DisbursementID)
	switch {
	case errors.Is(err, service.ErrNoBankAccount):
		// Claimants often submit bank details after approval; check back.
		w.Log.Info("claimant has no bank account yet; snoozing",
			zap.String("disbursement_id", job.Args.DisbursementID))
		return river.JobSnooze(6 * time.Hour)
	case achpay.IsClientError(err):
		return river.JobCancel(err)
	}
	return err
}

// PayLienWorker prints and mails lien checks.
type PayLienWorker struct {
	river.WorkerDefaults[args.PayLien]
	Liens service.LienService
}

func (w *PayLienWorker) Timeout(*river.Job[args.PayLien]) time.Duration { return 2 * time.Minute }

func (w *PayLienWorker) Work(ctx context.Context, job *river.Job[args.PayLien]) error {
	return w.Liens.IssueCheck(ctx, job.Args.LienPaymentID)
}

// ReleaseHoldbackWorker pays released holdbacks.
type ReleaseHoldbackWorker struct {
	river.WorkerDefaults[args.ReleaseHoldback]
	Holdbacks service.HoldbackService
}

func (w *ReleaseHoldbackWorker) Work(ctx context.Context, job *river.Job[args.ReleaseHoldback]) error {
	err := w.Holdbacks.Release(ctx, job.Args.HoldbackID)
	if errors.Is(err, service.ErrNoBankAccount) {
		return river.JobSnooze(6 * time.Hour)
	}
	return err
}

// CloseSettlementWorker closes out settlements.
type CloseSettlementWorker struct {
	river.WorkerDefaults[args.CloseSettlement]
	Closing service.ClosingService
}

func (w *CloseSettlementWorker) Timeout(*river.Job[args.CloseSettlement]) time.Duration {
	return 10 * time.Minute
}

func (w *CloseSettlementWorker) Work(ctx context.Context, job *river.Job[args.CloseSettlement]) error {
	return w.Closing.CloseOut(ctx, job.Args.SettlementID)
}

// funcWorker adapts a plain function to river.Worker for the simple cases.
type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn      func(ctx context.Context, a T) error
	timeout time.Duration
}

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	return w.fn(ctx, job.Args)
}

func fn[T river.JobArgs](timeout time.Duration, f func(ctx context.Context, a T) error) *funcWorker[T] {
	return &funcWorker[T]{fn: f, timeout: timeout}
}
