package workers

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

// Deps are the services the workers call.
type Deps struct {
	fx.In

	Log        *zap.Logger
	Metrics    *metrics.Metrics
	Payments   ports.PaymentService
	Purchasing ports.PurchasingService
	Messaging  ports.MessagingService
	Payouts    ports.PayoutService
	Quotes     ports.QuoteService    `optional:"true"`
	Staffing   ports.StaffingService `optional:"true"`
}

// RegisterQueueWorkers registers the workers run by cmd/worker.
func RegisterQueueWorkers(w *river.Workers, d Deps) {
	river.AddWorker(w, &SubmitPurchaseOrderWorker{svc: d.Purchasing, log: d.Log})
	river.AddWorker(w, &AmendPurchaseOrderWorker{svc: d.Purchasing})

	river.AddWorker(w, handle(d, time.Minute, func(ctx context.Context, job *river.Job[ports.CancelSupplierOrdersJob]) error {
		return d.Purchasing.CancelForEvent(ctx, job.Args.EventID, fmt.Sprintf("cancel-job-%d", job.ID))
	}))

	river.AddWorker(w, handle(d, 5*time.Minute, func(ctx context.Context, job *river.Job[ports.GuestMessageBatchJob]) error {
		sent, err := d.Messaging.SendBatch(ctx, job.Args)
		d.Log.Info("guest batch", zap.String("batch", job.Args.BatchID), zap.Int("sent", sent))
		return err
	}))

	river.AddWorker(w, handle(d, 2*time.Minute, func(ctx context.Context, job *river.Job[ports.CancellationRefundJob]) error {
		return d.Payments.RefundCancelledEvent(ctx, job.Args.EventID, job.Args.RefundBPS)
	}))

	river.AddWorker(w, &VenuePayoutWorker{payouts: d.Payouts})
}

// RegisterPeriodicWorkers registers the workers run by cmd/scheduler.
func RegisterPeriodicWorkers(w *river.Workers, d Deps) {
	river.AddWorker(w, handle(d, time.Minute, func(ctx context.Context, job *river.Job[ports.ExpireQuotesJob]) error {
		n, err := d.Quotes.ExpireStale(ctx)
		if n > 0 {
			d.Log.Info("quotes expired", zap.Int64("count", n))
		}
		return err
	}))
	river.AddWorker(w, handle(d, 5*time.Minute, func(ctx context.Context, job *river.Job[ports.PlanEventDayMessagesJob]) error {
		_, err := d.Messaging.PlanEventDay(ctx, job.Args.Day)
		return err
	}))
	river.AddWorker(w, handle(d, 5*time.Minute, func(ctx context.Context, job *river.Job[ports.PlanVenuePayoutsJob]) error {
		_, err := d.Payouts.PlanPayouts(ctx, job.Args.Period)
		return err
	}))
	river.AddWorker(w, &StaffRemindersWorker{staffing: d.Staffing, log: d.Log})
}
