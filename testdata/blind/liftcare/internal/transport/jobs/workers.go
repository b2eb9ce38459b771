package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/liftwell-systems/liftcare/internal/jobargs"
	"github.com/liftwell-systems/liftcare/internal/platform/bus"
	"github.com/liftwell-systems/liftcare/internal/service/billing"
	"github.com/liftwell-systems/liftcare/internal/service/callout"
	"github.com/liftwell-systems/liftcare/internal/service/certification"
	"github.com/liftwell-systems/liftcare/internal/service/inspection"
)

type jobCtx = context.Context

// idWorker adapts a function over job args into a River worker and tags
// the job's log lines with the entity it works on.
type idWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	id func(T) string
	fn func(ctx jobCtx, args T) error
}

func byID[T river.JobArgs](id func(T) string, fn func(ctx jobCtx, args T) error) *idWorker[T] {
	return &idWorker[T]{id: id, fn: fn}
}

func (w *idWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	if err := w.fn(ctx, job.Args); err != nil {
		return fmt.Errorf("%s %s (attempt %d): %w", job.Kind, w.id(job.Args), job.Attempt, err)
	}
	return nil
}

func (w *idWorker[T]) Timeout(*river.Job[T]) time.Duration { return 2 * time.Minute }

type dispatchWorker struct {
	river.WorkerDefaults[jobargs.DispatchCallout]
	callouts callout.Service
}

func (w *dispatchWorker) Work(ctx context.Context, job *river.Job[jobargs.DispatchCallout]) error {
	return w.callouts.Dispatch(ctx, job.Args.CalloutID)
}

// NextRetry keeps retrying a dispatch quickly: a trapped passenger does
// not wait for exponential backoff.
func (w *dispatchWorker) NextRetry(job *river.Job[jobargs.DispatchCallout]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt) * 15 * time.Second)
}

// announceWorker publishes the owner-portal notice for a dispatched
// call-out.
type announceWorker struct {
	river.WorkerDefaults[jobargs.AnnounceCallout]
	callouts callout.Service
	bus      bus.Publisher
}

func (w *announceWorker) Work(ctx context.Context, job *river.Job[jobargs.AnnounceCallout]) error {
	c, err := w.callouts.Get(ctx, job.Args.CalloutID)
	if err != nil {
		return err
	}
	if c.AnnouncedAt != nil {
		return nil
	}
	tech := ""
	if c.TechnicianID != nil {
		tech = c.TechnicianID.String()
	}
	evt := bus.CalloutAnnounced{
		CalloutID:   c.ID.String(),
		LiftID:      c.LiftID.String(),
		Technician:  tech,
		Description: c.Description,
		ReportedAt:  c.ReportedAt.UTC().Format(time.RFC3339),
	}
	msgID := fmt.Sprintf("announce-%s-%d", c.ID, time.Now().UnixNano())
	if err := w.bus.Publish(ctx, bus.SubjectCalloutAnnounced, evt, msgID); err != nil {
		return err
	}
	return w.callouts.MarkAnnounced(ctx, c.ID)
}

type fileCertificateWorker struct {
	river.WorkerDefaults[jobargs.FileCertificate]
	certs certification.Service
}

func (w *fileCertificateWorker) Work(ctx context.Context, job *river.Job[jobargs.FileCertificate]) error {
	return w.certs.FileForInspection(ctx, job.Args.InspectionID)
}

// The authority's API is slow at month end; give it room.
func (w *fileCertificateWorker) Timeout(*river.Job[jobargs.FileCertificate]) time.Duration {
	return 3 * time.Minute
}

type planMonthWorker struct {
	river.WorkerDefaults[jobargs.PlanMaintenanceMonth]
	inspections inspection.Service
	log         *slog.Logger
}

func (w *planMonthWorker) Work(ctx context.Context, job *river.Job[jobargs.PlanMaintenanceMonth]) error {
	if job.Args.Month < 1 || job.Args.Month > 12 {
		return river.JobCancel(fmt.Errorf("bad month %d", job.Args.Month))
	}
	n, err := w.inspections.PlanMonth(ctx, job.Args.Year, time.Month(job.Args.Month))
	w.log.InfoContext(ctx, "maintenance planned", "year", job.Args.Year, "month", job.Args.Month, "visits", n)
	return err
}

type billingRunWorker struct {
	river.WorkerDefaults[jobargs.MonthlyBilling]
	billing billing.Service
}

func (w *billingRunWorker) Work(ctx context.Context, job *river.Job[jobargs.MonthlyBilling]) error {
	_, err := w.billing.RunMonthly(ctx, job.Args.Period)
	return err
}

func (w *billingRunWorker) Timeout(*river.Job[jobargs.MonthlyBilling]) time.Duration {
	return 30 * time.Minute
}
