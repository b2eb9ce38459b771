package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/pantryco/fulfilment/internal/platform/obs"
	"github.com/pantryco/fulfilment/internal/service/billing"
	"github.com/pantryco/fulfilment/internal/service/dispatch"
	"github.com/pantryco/fulfilment/internal/service/notify"
	"github.com/pantryco/fulfilment/internal/service/partners"
	"github.com/pantryco/fulfilment/internal/service/payments"
)

// WorkerDeps are the services the workers delegate to.
type WorkerDeps struct {
	Payments payments.Service
	Billing  billing.Service
	Dispatch dispatch.Service
	Notify   notify.Service
	Partners partners.Service
	Expiry   *ExpireUnpaidWorker
	Log      *slog.Logger
	Metrics  obs.Metrics
}

// NewWorkers registers every worker.
func NewWorkers(d WorkerDeps) (*river.Workers, error) {
	workers := river.NewWorkers()
	l, m := d.Log, d.Metrics

	river.AddWorker(workers, NewFuncWorker(func(ctx context.Context, a CapturePaymentArgs) error {
		return d.Payments.Capture(ctx, a.OrderID)
	}, 30*time.Second, l, m))

	river.AddWorker(workers, NewFuncWorker(func(ctx context.Context, a RefundPaymentArgs) error {
		return d.Payments.Refund(ctx, a.OrderID, a.Reason, a.AmountCents)
	}, 30*time.Second, l, m))

	river.AddWorker(workers, NewFuncWorker(func(ctx context.Context, a SlotReminderArgs) error {
		return d.Notify.SlotReminder(ctx, a.OrderID, a.Purpose)
	}, 15*time.Second, l, m))

	river.AddWorker(workers, NewFuncWorker(func(ctx context.Context, a FinaliseBillingArgs) error {
		return d.Billing.Finalise(ctx, a.OrderID)
	}, 30*time.Second, l, m))

	river.AddWorker(workers, NewFuncWorker(func(ctx context.Context, a DeliverOutboxEventArgs) error {
		return d.Partners.DeliverOutboxEvent(ctx, a.EventID)
	}, 20*time.Second, l, m))

	river.AddWorker(workers, NewFuncWorker(func(ctx context.Context, a BookCourierArgs) error {
		return d.Dispatch.BookCourier(ctx, a.OrderID)
	}, 45*time.Second, l, m))

	river.AddWorker(workers, NewFuncWorker(func(ctx context.Context, a RetailerCancellationArgs) error {
		return d.Partners.NotifyCancellation(ctx, a.OrderID, a.RetailerID, a.Reason)
	}, 20*time.Second, l, m))

	if err := river.AddWorkerSafely(workers, d.Expiry); err != nil {
		return nil, err
	}
	return workers, nil
}

// PeriodicJobs lists the scheduled jobs.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(5*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) { return ExpireUnpaidArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true},
		),
	}
}
