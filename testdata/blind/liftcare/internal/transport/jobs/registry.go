// Package jobs holds the River workers and the table that registers them,
// plus the periodic schedule.
package jobs

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/liftwell-systems/liftcare/internal/jobargs"
	"github.com/liftwell-systems/liftcare/internal/platform/bus"
	"github.com/liftwell-systems/liftcare/internal/platform/keys"
	"github.com/liftwell-systems/liftcare/internal/service/billing"
	"github.com/liftwell-systems/liftcare/internal/service/callout"
	"github.com/liftwell-systems/liftcare/internal/service/certification"
	"github.com/liftwell-systems/liftcare/internal/service/inspection"
	"github.com/liftwell-systems/liftcare/internal/service/parts"
)

// Deps are what the workers call into.
type Deps struct {
	Callouts     callout.Service
	Parts        parts.Service
	Certificates certification.Service
	Inspections  inspection.Service
	Billing      billing.Service
	Bus          bus.Publisher
	Log          *slog.Logger
}

// registration adds one worker to the bundle.
type registration struct {
	kind string
	add  func(w *river.Workers, d Deps) error
}

// registry lists every job kind this binary works. Adding a job kind
// means adding a line here.
var registry = []registration{
	{jobargs.DispatchCallout{}.Kind(), func(w *river.Workers, d Deps) error {
		return river.AddWorkerSafely(w, &dispatchWorker{callouts: d.Callouts})
	}},
	{jobargs.AnnounceCallout{}.Kind(), func(w *river.Workers, d Deps) error {
		return river.AddWorkerSafely(w, &announceWorker{callouts: d.Callouts, bus: d.Bus})
	}},
	{jobargs.SubmitPartsOrder{}.Kind(), func(w *river.Workers, d Deps) error {
		return river.AddWorkerSafely(w, byID(func(a jobargs.SubmitPartsOrder) string { return a.OrderID.String() },
			func(ctx jobCtx, a jobargs.SubmitPartsOrder) error { return d.Parts.SubmitOrder(ctx, a.OrderID) }))
	}},
	{jobargs.FileCertificate{}.Kind(), func(w *river.Workers, d Deps) error {
		return river.AddWorkerSafely(w, &fileCertificateWorker{certs: d.Certificates})
	}},
	{jobargs.AmendCertificate{}.Kind(), func(w *river.Workers, d Deps) error {
		return river.AddWorkerSafely(w, byID(func(a jobargs.AmendCertificate) string { return a.AmendmentID.String() },
			func(ctx jobCtx, a jobargs.AmendCertificate) error {
				return d.Certificates.FileAmendment(ctx, a.AmendmentID)
			}))
	}},
	{jobargs.PlanMaintenanceMonth{}.Kind(), func(w *river.Workers, d Deps) error {
		return river.AddWorkerSafely(w, &planMonthWorker{inspections: d.Inspections, log: d.Log})
	}},
	{jobargs.MonthlyBilling{}.Kind(), func(w *river.Workers, d Deps) error {
		return river.AddWorkerSafely(w, &billingRunWorker{billing: d.Billing})
	}},
	{jobargs.InspectionReminders{}.Kind(), func(w *river.Workers, d Deps) error {
		return river.AddWorkerSafely(w, river.WorkFunc(func(ctx jobCtx, job *river.Job[jobargs.InspectionReminders]) error {
			day, err := time.Parse(time.DateOnly, job.Args.Day)
			if err != nil {
				return river.JobCancel(fmt.Errorf("bad day %q: %w", job.Args.Day, err))
			}
			_, err = d.Inspections.SendReminders(ctx, day)
			return err
		}))
	}},
}

// NewWorkers builds the worker bundle from the registry.
func NewWorkers(d Deps) (*river.Workers, error) {
	w := river.NewWorkers()
	for _, r := range registry {
		if err := r.add(w, d); err != nil {
			return nil, fmt.Errorf("jobs: register %s: %w", r.kind, err)
		}
	}
	return w, nil
}

// PeriodicJobs is the cron-like schedule. Each periodic job is unique by
// its arguments, so the daily tick only inserts a month's run once.
func PeriodicJobs(now func() time.Time) []*river.PeriodicJob {
	unique := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
	daily := river.PeriodicInterval(24 * time.Hour)
	return []*river.PeriodicJob{
		river.NewPeriodicJob(daily, func() (river.JobArgs, *river.InsertOpts) {
			next := now().AddDate(0, 1, 0)
			return jobargs.PlanMaintenanceMonth{Year: next.Year(), Month: int(next.Month())}, unique
		}, &river.PeriodicJobOpts{ID: "plan-maintenance", RunOnStart: true}),
		river.NewPeriodicJob(daily, func() (river.JobArgs, *river.InsertOpts) {
			prev := now().AddDate(0, -1, 0)
			return jobargs.MonthlyBilling{Period: keys.Period(prev.Year(), int(prev.Month()))}, unique
		}, &river.PeriodicJobOpts{ID: "monthly-billing", RunOnStart: true}),
		river.NewPeriodicJob(daily, func() (river.JobArgs, *river.InsertOpts) {
			return jobargs.InspectionReminders{Day: now().AddDate(0, 0, 1).Format(time.DateOnly)}, unique
		}, &river.PeriodicJobOpts{ID: "inspection-reminders", RunOnStart: true}),
	}
}
