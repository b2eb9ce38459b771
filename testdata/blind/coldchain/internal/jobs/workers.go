package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/frostline/coldchain/internal/alerting"
	"github.com/frostline/coldchain/internal/billing"
	"github.com/frostline/coldchain/internal/carrier"
	"github.com/frostline/coldchain/internal/claims"
	"github.com/frostline/coldchain/internal/customs"
	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/payouts"
	"github.com/frostline/coldchain/internal/platform"
)

// AttemptLog stores one row per worker attempt.
type AttemptLog interface {
	RecordAttempt(ctx context.Context, a db.JobAttempt) error
}

// audited wraps a worker and appends a job_attempts row after every run,
// successful or not. Support uses the log to see how often a job retried
// and why.
type audited[T river.JobArgs] struct {
	river.Worker[T]
	attempts AttemptLog
	log      *slog.Logger
}

func (a *audited[T]) Work(ctx context.Context, job *river.Job[T]) error {
	err := a.Worker.Work(ctx, job)
	rec := db.JobAttempt{
		ID:      platform.NewULID(),
		JobID:   job.ID,
		Kind:    job.Kind,
		Attempt: job.Attempt,
	}
	if err != nil {
		msg := err.Error()
		rec.Error = &msg
	}
	if lerr := a.attempts.RecordAttempt(context.WithoutCancel(ctx), rec); lerr != nil {
		a.log.Warn("recording job attempt failed", "job_id", job.ID, "err", lerr)
	}
	return err
}

func add[T river.JobArgs](workers *river.Workers, d Deps, w river.Worker[T]) {
	river.AddWorker(workers, river.Worker[T](&audited[T]{Worker: w, attempts: d.Attempts, log: d.Log}))
}

// BookTruckWorker tenders shipments to HaulNet.
type BookTruckWorker struct {
	river.WorkerDefaults[BookCarrierArgs]
	svc *carrier.Service
}

func (w *BookTruckWorker) Work(ctx context.Context, job *river.Job[BookCarrierArgs]) error {
	err := w.svc.BookTruck(ctx, job.Args.ShipmentID)
	if errors.Is(err, carrier.ErrRejected) {
		return river.JobCancel(err)
	}
	return err
}

func (w *BookTruckWorker) Timeout(*river.Job[BookCarrierArgs]) time.Duration { return 45 * time.Second }

// CustomsFilingWorker lodges pre-clearance filings.
type CustomsFilingWorker struct {
	river.WorkerDefaults[CustomsFilingArgs]
	svc *customs.Service
}

func (w *CustomsFilingWorker) Work(ctx context.Context, job *river.Job[CustomsFilingArgs]) error {
	return w.svc.SubmitPreClearance(ctx, job.Args.ShipmentID)
}

// ClaimRefundWorker refunds approved claims.
type ClaimRefundWorker struct {
	river.WorkerDefaults[ClaimRefundArgs]
	svc *claims.Service
}

func (w *ClaimRefundWorker) Work(ctx context.Context, job *river.Job[ClaimRefundArgs]) error {
	err := w.svc.RefundClaim(ctx, job.Args.ClaimID)
	if errors.Is(err, claims.ErrNoPayment) {
		// Finance settles these by credit note.
		return river.JobCancel(err)
	}
	return err
}

// AutopayWorker charges saved cards for freight invoices.
type AutopayWorker struct {
	river.WorkerDefaults[AutopayArgs]
	svc *billing.PaymentService
}

func (w *AutopayWorker) Work(ctx context.Context, job *river.Job[AutopayArgs]) error {
	err := w.svc.Autopay(ctx, job.Args.InvoiceID)
	if errors.Is(err, billing.ErrPaymentDeclined) {
		return river.JobCancel(err)
	}
	return err
}

// Deps are the services the workers call.
type Deps struct {
	Carrier  *carrier.Service
	Customs  *customs.Service
	Alerts   *alerting.Service
	Invoices *billing.InvoiceService
	Payments *billing.PaymentService
	Claims   *claims.Service
	Payouts  *payouts.Service
	Attempts AttemptLog
	Log      *slog.Logger
}

// Register adds every worker to workers.
func Register(workers *river.Workers, d Deps) {
	add(workers, d, river.Worker[BookCarrierArgs](&BookTruckWorker{svc: d.Carrier}))
	add(workers, d, river.Worker[CustomsFilingArgs](&CustomsFilingWorker{svc: d.Customs}))
	add(workers, d, river.Worker[ClaimRefundArgs](&ClaimRefundWorker{svc: d.Claims}))
	add(workers, d, river.Worker[AutopayArgs](&AutopayWorker{svc: d.Payments}))

	add(workers, d, river.WorkFunc(func(ctx context.Context, job *river.Job[ExcursionAlertArgs]) error {
		return d.Alerts.NotifyExcursion(ctx, job.Args.AlertID)
	}))
	add(workers, d, river.WorkFunc(func(ctx context.Context, job *river.Job[ShipmentEventNoticeArgs]) error {
		return d.Alerts.NotifyShipmentEvent(ctx, job.Args.EventID)
	}))
	add(workers, d, river.WorkFunc(func(ctx context.Context, job *river.Job[InvoiceEmailArgs]) error {
		return d.Invoices.SendInvoiceEmail(ctx, job.Args.InvoiceID)
	}))
	add(workers, d, river.WorkFunc(func(ctx context.Context, job *river.Job[DriverPayoutArgs]) error {
		return d.Payouts.PayDriver(ctx, job.Args.DriverID, job.Args.PeriodStart)
	}))
}

// Queues is the queue configuration for cmd/worker.
func Queues() map[string]river.QueueConfig {
	return map[string]river.QueueConfig{
		river.QueueDefault: {MaxWorkers: 20},
		"alerts":           {MaxWorkers: 10},
		"payouts":          {MaxWorkers: 4},
	}
}
