// Package worker holds the River workers and the periodic job table. Workers
// are thin: they decode arguments and call a service.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/jobs"
)

// PayoutSender sends one payout.
type PayoutSender interface {
	Send(ctx context.Context, id uuid.UUID, attempt int) error
}

// PayoutWorker runs payout.send.
type PayoutWorker struct {
	river.WorkerDefaults[jobs.PayoutArgs]
	Sender PayoutSender
}

func (w *PayoutWorker) Work(ctx context.Context, job *river.Job[jobs.PayoutArgs]) error {
	return w.Sender.Send(ctx, job.Args.PayoutID, job.Attempt)
}

func (w *PayoutWorker) Timeout(*river.Job[jobs.PayoutArgs]) time.Duration { return 45 * time.Second }

// InvoiceSubmitter submits a storm's invoice.
type InvoiceSubmitter interface {
	Submit(ctx context.Context, stormID uuid.UUID) error
}

// InvoiceWorker runs invoice.submit.
type InvoiceWorker struct {
	river.WorkerDefaults[jobs.InvoiceArgs]
	Invoices InvoiceSubmitter
}

func (w *InvoiceWorker) Work(ctx context.Context, job *river.Job[jobs.InvoiceArgs]) error {
	return w.Invoices.Submit(ctx, job.Args.StormID)
}

// Deliverer sends a stored notification.
type Deliverer interface {
	Deliver(ctx context.Context, id uuid.UUID) error
}

// NotifyWorker runs notify.sms.
type NotifyWorker struct {
	river.WorkerDefaults[jobs.NotifyArgs]
	Notify Deliverer
}

func (w *NotifyWorker) Work(ctx context.Context, job *river.Job[jobs.NotifyArgs]) error {
	err := w.Notify.Deliver(ctx, job.Args.NotificationID)
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(err)
	}
	return err
}

// Drainer relays the outbox.
type Drainer interface {
	Drain(ctx context.Context) (int, error)
}

// OutboxRelayWorker runs outbox.relay.
type OutboxRelayWorker struct {
	river.WorkerDefaults[jobs.OutboxRelayArgs]
	Relay Drainer
	Log   *slog.Logger
}

func (w *OutboxRelayWorker) Work(ctx context.Context, _ *river.Job[jobs.OutboxRelayArgs]) error {
	n, err := w.Relay.Drain(ctx)
	if n > 0 {
		w.Log.InfoContext(ctx, "outbox relayed", "count", n)
	}
	return err
}

// SaltStock runs the salt routines.
type SaltStock interface {
	Reorder(ctx context.Context) (int, error)
	Snapshot(ctx context.Context, day string) error
}

// SaltReorderWorker runs salt.reorder.
type SaltReorderWorker struct {
	river.WorkerDefaults[jobs.SaltReorderArgs]
	Salt SaltStock
}

func (w *SaltReorderWorker) Work(ctx context.Context, _ *river.Job[jobs.SaltReorderArgs]) error {
	_, err := w.Salt.Reorder(ctx)
	return err
}

// SaltSnapshotWorker runs salt.snapshot.
type SaltSnapshotWorker struct {
	river.WorkerDefaults[jobs.SaltSnapshotArgs]
	Salt SaltStock
}

func (w *SaltSnapshotWorker) Work(ctx context.Context, job *river.Job[jobs.SaltSnapshotArgs]) error {
	return w.Salt.Snapshot(ctx, job.Args.Day)
}

// StalePayouts lists payouts stuck in queued.
type StalePayouts interface {
	StaleQueued(ctx context.Context, age time.Duration, limit int) ([]domain.Payout, error)
}

// PayoutSweepWorker runs payout.sweep: payouts whose job was discarded or
// lost are put back on the queue.
type PayoutSweepWorker struct {
	river.WorkerDefaults[jobs.PayoutSweepArgs]
	Payouts StalePayouts
	Log     *slog.Logger
}

func (w *PayoutSweepWorker) Work(ctx context.Context, _ *river.Job[jobs.PayoutSweepArgs]) error {
	stale, err := w.Payouts.StaleQueued(ctx, 30*time.Minute, 500)
	if err != nil || len(stale) == 0 {
		return err
	}
	params := make([]river.InsertManyParams, 0, len(stale))
	for _, p := range stale {
		params = append(params, river.InsertManyParams{
			Args: jobs.PayoutArgs{PayoutID: p.ID, Round: p.RequeueCount},
		})
	}
	client := river.ClientFromContext[pgx.Tx](ctx)
	res, err := client.InsertMany(ctx, params)
	if err != nil {
		return fmt.Errorf("requeue stale payouts: %w", err)
	}
	inserted := 0
	for _, r := range res {
		if !r.UniqueSkippedAsDuplicate {
			inserted++
		}
	}
	w.Log.InfoContext(ctx, "payout sweep", "stale", len(stale), "requeued", inserted)
	return nil
}

// Deps groups what the workers call.
type Deps struct {
	Payouts  PayoutSender
	Invoices InvoiceSubmitter
	Notify   Deliverer
	Relay    Drainer
	Salt     SaltStock
	Stale    StalePayouts
	Log      *slog.Logger
}

// Register adds every worker to a new bundle.
func Register(d Deps) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &PayoutWorker{Sender: d.Payouts})
	river.AddWorker(w, &InvoiceWorker{Invoices: d.Invoices})
	river.AddWorker(w, &NotifyWorker{Notify: d.Notify})
	river.AddWorker(w, &OutboxRelayWorker{Relay: d.Relay, Log: d.Log})
	river.AddWorker(w, &SaltReorderWorker{Salt: d.Salt})
	river.AddWorker(w, &SaltSnapshotWorker{Salt: d.Salt})
	river.AddWorker(w, &PayoutSweepWorker{Payouts: d.Stale, Log: d.Log})
	return w
}
