package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/brightfund/crowdfund/internal/core/ports"
)

// funcWorker adapts a plain function over the job's args to river.Worker.
type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn      func(ctx context.Context, args T) error
	timeout time.Duration
}

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	return w.fn(ctx, job.Args)
}

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration {
	if w.timeout > 0 {
		return w.timeout
	}
	return time.Minute
}

func handle[T river.JobArgs](fn func(ctx context.Context, args T) error, timeout time.Duration) river.Worker[T] {
	return &funcWorker[T]{fn: fn, timeout: timeout}
}

// reminderWorker needs the job row, not just the args.
type reminderWorker struct {
	river.WorkerDefaults[ports.SendReminderArgs]
	notify ports.NotificationUseCase
}

func (w *reminderWorker) Work(ctx context.Context, job *river.Job[ports.SendReminderArgs]) error {
	return w.notify.SendReminder(ctx, job.Args, fmt.Sprintf("reminder-%d", job.ID))
}

type WorkerDeps struct {
	fx.In

	Workers    *river.Workers
	Settlement ports.SettlementUseCase
	Payouts    ports.PayoutUseCase
	Fulfilment ports.FulfilmentUseCase
	Notify     ports.NotificationUseCase
	Log        *slog.Logger
}

// RegisterWorkers is invoked by fx in the worker process.
func RegisterWorkers(d WorkerDeps) {
	river.AddWorker(d.Workers, handle(func(ctx context.Context, a ports.CapturePledgeArgs) error {
		return d.Settlement.Capture(ctx, a.PledgeID)
	}, 30*time.Second))

	river.AddWorker(d.Workers, handle(func(ctx context.Context, a ports.CancelAuthorizationArgs) error {
		return d.Settlement.CancelAuthorization(ctx, a.PledgeID)
	}, 30*time.Second))

	river.AddWorker(d.Workers, handle(func(ctx context.Context, a ports.CreatorPayoutArgs) error {
		return d.Payouts.Execute(ctx, a.PayoutID)
	}, time.Minute))

	river.AddWorker(d.Workers, handle(func(ctx context.Context, a ports.BookShipmentArgs) error {
		return d.Fulfilment.Book(ctx, a.PledgeID)
	}, time.Minute))

	river.AddWorker(d.Workers, handle(func(ctx context.Context, a ports.SchedulePickupArgs) error {
		day, err := time.Parse(time.DateOnly, a.Date)
		if err != nil {
			return river.JobCancel(fmt.Errorf("bad pickup date %q: %w", a.Date, err))
		}
		return d.Fulfilment.SchedulePickup(ctx, a.CampaignID, day)
	}, time.Minute))

	river.AddWorker(d.Workers, handle(func(ctx context.Context, a ports.SendNotificationArgs) error {
		return d.Notify.Deliver(ctx, a.NotificationID)
	}, 20*time.Second))

	river.AddWorker[ports.SendReminderArgs](d.Workers, &reminderWorker{notify: d.Notify})

	d.Log.Info("river workers registered")
}
