// Package worker holds the river workers run by cmd/worker. Every worker is
// retried by river with backoff when Work returns an error, and a job whose
// process dies mid-run is rescued and run again.
package worker

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/jobs"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

// IntermentBookWorker books an interment with the funeral-home partner.
type IntermentBookWorker struct {
	river.WorkerDefaults[jobs.IntermentBookArgs]
	Interments service.Interments
}

func (w *IntermentBookWorker) Work(ctx context.Context, job *river.Job[jobs.IntermentBookArgs]) error {
	return w.Interments.Book(ctx, job.Args.IntermentID)
}

func (w *IntermentBookWorker) Timeout(*river.Job[jobs.IntermentBookArgs]) time.Duration {
	return 2 * time.Minute
}

// EngravingSubmitWorker hands an order to the engraving workshop.
type EngravingSubmitWorker struct {
	river.WorkerDefaults[jobs.EngravingSubmitArgs]
	Engraving service.Engraving
}

func (w *EngravingSubmitWorker) Work(ctx context.Context, job *river.Job[jobs.EngravingSubmitArgs]) error {
	return w.Engraving.Submit(ctx, job.Args.OrderID)
}

// FamilyNotifyWorker delivers one queued family notice.
type FamilyNotifyWorker struct {
	river.WorkerDefaults[jobs.FamilyNotifyArgs]
	Messaging service.Messaging
}

func (w *FamilyNotifyWorker) Work(ctx context.Context, job *river.Job[jobs.FamilyNotifyArgs]) error {
	return w.Messaging.Deliver(ctx, service.FamilyNotice{
		FamilyID: job.Args.FamilyID,
		Template: job.Args.Template,
		Params:   job.Args.Params,
		DedupKey: job.Args.DedupKey,
	})
}

// CareChargeWorker collects one perpetual-care invoice.
type CareChargeWorker struct {
	river.WorkerDefaults[jobs.CareChargeArgs]
	Care service.Care
}

func (w *CareChargeWorker) Work(ctx context.Context, job *river.Job[jobs.CareChargeArgs]) error {
	return w.Care.CollectInvoice(ctx, job.Args.InvoiceID)
}

// DepositRefundWorker refunds a cancelled reservation's deposit.
type DepositRefundWorker struct {
	river.WorkerDefaults[jobs.DepositRefundArgs]
	Reservations service.Reservations
}

func (w *DepositRefundWorker) Work(ctx context.Context, job *river.Job[jobs.DepositRefundArgs]) error {
	return w.Reservations.RefundDeposit(ctx, job.Args.ReservationID)
}

// periodic wraps a batch function as a worker for a periodic job, logging
// how many records each run touched.
type periodic[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	name string
	log  *zap.Logger
	run  func(ctx context.Context, now time.Time) (int, error)
	now  func() time.Time
}

func (p *periodic[T]) Work(ctx context.Context, job *river.Job[T]) error {
	n, err := p.run(ctx, p.now())
	p.log.Info("periodic run",
		zap.String("job", p.name),
		zap.Int64("job_id", job.ID),
		zap.Int("attempt", job.Attempt),
		zap.Int("touched", n),
		zap.Error(err),
	)
	return err
}
