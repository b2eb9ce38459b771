// Package workers contains the river workers run by cmd/worker.
package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/northwind-retail/rma/internal/jobs"
)

type Refunds interface {
	Issue(ctx context.Context, refundID string) error
	GrantStoreCredit(ctx context.Context, returnID string) error
}

type Labels interface {
	BookFromJob(ctx context.Context, returnID, serviceLevel string) error
	Reissue(ctx context.Context, returnID, shipmentID, reason string) error
}

type Webhooks interface {
	Deliver(ctx context.Context, outboxID string) error
	SendRefundNotice(ctx context.Context, refundID string) error
}

type Returns interface {
	ExpireStale(ctx context.Context) (int, error)
	SendLabelReminders(ctx context.Context, after time.Duration) (int, error)
}

type Deps struct {
	Refunds       Refunds
	Labels        Labels
	Webhooks      Webhooks
	Returns       Returns
	ReminderAfter time.Duration
	Log           *slog.Logger
}

// IssueRefundWorker submits refunds to Stripe.
type IssueRefundWorker struct {
	river.WorkerDefaults[jobs.IssueRefundArgs]
	refunds Refunds
}

func (w *IssueRefundWorker) Work(ctx context.Context, job *river.Job[jobs.IssueRefundArgs]) error {
	return w.refunds.Issue(ctx, job.Args.RefundID)
}

func (w *IssueRefundWorker) Timeout(*river.Job[jobs.IssueRefundArgs]) time.Duration {
	return 2 * time.Minute
}

// BookLabelWorker books carrier labels for approved returns.
type BookLabelWorker struct {
	river.WorkerDefaults[jobs.BookLabelArgs]
	labels Labels
}

func (w *BookLabelWorker) Work(ctx context.Context, job *river.Job[jobs.BookLabelArgs]) error {
	level := job.Args.ServiceLevel
	if level == "" {
		level = "ground"
	}
	return w.labels.BookFromJob(ctx, job.Args.ReturnID, level)
}

// funcWorker adapts a plain function to river.Worker.
type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn      func(ctx context.Context, job *river.Job[T]) error
	timeout time.Duration
}

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error { return w.fn(ctx, job) }

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

func handle[T river.JobArgs](ws *river.Workers, timeout time.Duration, fn func(ctx context.Context, job *river.Job[T]) error) {
	river.AddWorker[T](ws, &funcWorker[T]{fn: fn, timeout: timeout})
}

// Register adds every worker to ws.
func Register(ws *river.Workers, d Deps) {
	river.AddWorker(ws, &IssueRefundWorker{refunds: d.Refunds})
	river.AddWorker(ws, &BookLabelWorker{labels: d.Labels})

	handle(ws, 2*time.Minute, func(ctx context.Context, job *river.Job[jobs.GrantStoreCreditArgs]) error {
		return d.Refunds.GrantStoreCredit(ctx, job.Args.ReturnID)
	})
	handle(ws, time.Minute, func(ctx context.Context, job *river.Job[jobs.ReissueLabelArgs]) error {
		return d.Labels.Reissue(ctx, job.Args.ReturnID, job.Args.ShipmentID, job.Args.Reason)
	})
	handle(ws, time.Minute, func(ctx context.Context, job *river.Job[jobs.DeliverWebhookArgs]) error {
		return d.Webhooks.Deliver(ctx, job.Args.OutboxID)
	})
	handle(ws, 30*time.Second, func(ctx context.Context, job *river.Job[jobs.RefundNoticeArgs]) error {
		return d.Webhooks.SendRefundNotice(ctx, job.Args.RefundID)
	})
	handle(ws, 5*time.Minute, func(ctx context.Context, job *river.Job[jobs.ExpireReturnsArgs]) error {
		n, err := d.Returns.ExpireStale(ctx)
		if n > 0 {
			d.Log.InfoContext(ctx, "expired returns", "count", n)
		}
		return err
	})
	handle(ws, 5*time.Minute, func(ctx context.Context, job *river.Job[jobs.LabelReminderArgs]) error {
		n, err := d.Returns.SendLabelReminders(ctx, d.ReminderAfter)
		d.Log.InfoContext(ctx, "label reminders sent", "count", n)
		return err
	})
}

// PeriodicJobs returns the sweeps scheduled by the worker's river client.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(15*time.Minute), func() (river.JobArgs, *river.InsertOpts) {
			return jobs.ExpireReturnsArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return jobs.LabelReminderArgs{}, nil
		}, nil),
	}
}

// Queues is the worker's queue configuration.
func Queues(maxWorkers int) map[string]river.QueueConfig {
	return map[string]river.QueueConfig{
		jobs.QueueDefault:  {MaxWorkers: max(2, maxWorkers/4)},
		jobs.QueuePayments: {MaxWorkers: max(2, maxWorkers/4)},
		jobs.QueueCarrier:  {MaxWorkers: max(2, maxWorkers/4)},
		jobs.QueueWebhooks: {MaxWorkers: max(2, maxWorkers/2)},
	}
}
