// Package worker holds the River workers. Each worker is a thin adapter from
// job args to a service call.
package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/tidewater-yc/clubhouse/internal/berths"
	"github.com/tidewater-yc/clubhouse/internal/dues"
	"github.com/tidewater-yc/clubhouse/internal/guests"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/membership"
	"github.com/tidewater-yc/clubhouse/internal/outbox"
	"github.com/tidewater-yc/clubhouse/internal/statements"
)

type ProvisionMemberWorker struct {
	river.WorkerDefaults[jobs.ProvisionMemberArgs]
	Membership membership.Service
}

func (w *ProvisionMemberWorker) Work(ctx context.Context, job *river.Job[jobs.ProvisionMemberArgs]) error {
	return w.Membership.Provision(ctx, job.Args.MemberID)
}

type DuesCycleWorker struct {
	river.WorkerDefaults[jobs.DuesCycleArgs]
	Dues dues.Service
	Log  *slog.Logger
}

func (w *DuesCycleWorker) Work(ctx context.Context, job *river.Job[jobs.DuesCycleArgs]) error {
	n, err := w.Dues.FanOut(ctx, job.Args.Year)
	w.Log.InfoContext(ctx, "dues cycle queued", "year", job.Args.Year, "members", n)
	return err
}

type DuesBillingWorker struct {
	river.WorkerDefaults[jobs.DuesBillingArgs]
	Dues dues.Service
}

func (w *DuesBillingWorker) Work(ctx context.Context, job *river.Job[jobs.DuesBillingArgs]) error {
	err := w.Dues.Bill(ctx, job.Args.MemberID, job.Args.Year)
	if errors.Is(err, dues.ErrNoCustomer) {
		return river.JobSnooze(10 * time.Minute)
	}
	return err
}

// NextRetry spaces dues retries out; Stripe outages are rarely short.
func (w *DuesBillingWorker) NextRetry(job *river.Job[jobs.DuesBillingArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * time.Minute)
}

type StatementRunWorker struct {
	river.WorkerDefaults[jobs.StatementRunArgs]
	Statements statements.Service
}

func (w *StatementRunWorker) Work(ctx context.Context, job *river.Job[jobs.StatementRunArgs]) error {
	return w.Statements.Dispatch(ctx, job.Args.RunID)
}

func (w *StatementRunWorker) Timeout(*river.Job[jobs.StatementRunArgs]) time.Duration {
	return 10 * time.Minute
}

type MemberStatementWorker struct {
	river.WorkerDefaults[jobs.MemberStatementArgs]
	Statements statements.Service
}

func (w *MemberStatementWorker) Work(ctx context.Context, job *river.Job[jobs.MemberStatementArgs]) error {
	return w.Statements.BuildMemberStatement(ctx, job.Args.RunID, job.Args.MemberID, job.Args.Period)
}

type StatementEmailWorker struct {
	river.WorkerDefaults[jobs.StatementEmailArgs]
	Statements statements.Service
}

func (w *StatementEmailWorker) Work(ctx context.Context, job *river.Job[jobs.StatementEmailArgs]) error {
	return w.Statements.EmailStatement(ctx, job.Args.StatementID)
}

type LedgerPostingWorker struct {
	river.WorkerDefaults[jobs.LedgerPostingArgs]
	Statements statements.Service
}

func (w *LedgerPostingWorker) Work(ctx context.Context, job *river.Job[jobs.LedgerPostingArgs]) error {
	return w.Statements.PostToLedger(ctx, job.Args.RunID)
}

type WaitlistOfferWorker struct {
	river.WorkerDefaults[jobs.WaitlistOfferArgs]
	Berths berths.Service
}

func (w *WaitlistOfferWorker) Work(ctx context.Context, job *river.Job[jobs.WaitlistOfferArgs]) error {
	return w.Berths.OfferNext(ctx, job.Args.BerthID)
}

type GuestConfirmationWorker struct {
	river.WorkerDefaults[jobs.GuestConfirmationArgs]
	Guests guests.Service
}

func (w *GuestConfirmationWorker) Work(ctx context.Context, job *river.Job[jobs.GuestConfirmationArgs]) error {
	return w.Guests.SendConfirmation(ctx, job.Args.BookingID)
}

type OutboxRelayWorker struct {
	river.WorkerDefaults[jobs.OutboxRelayArgs]
	Relay *outbox.Relay
}

func (w *OutboxRelayWorker) Work(ctx context.Context, job *river.Job[jobs.OutboxRelayArgs]) error {
	for {
		n, err := w.Relay.Flush(ctx)
		if err != nil || n == 0 {
			return err
		}
	}
}
