package jobs

import (
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/jobargs"
	"github.com/civicworks/permits/internal/service"
)

type registerParams struct {
	fx.In

	Workers  *river.Workers
	Notifier service.Notifier
	Review   service.Review
	Parking  service.Parking
	Fees     service.Fees
	Log      *slog.Logger
}

// Register adds every worker to the River worker bundle.
func Register(p registerParams) {
	log := p.Log.With("component", "jobs")
	river.AddWorker(p.Workers, &NotifyDecisionWorker{Notifier: p.Notifier})
	river.AddWorker(p.Workers, &InspectionReminderWorker{Notifier: p.Notifier})
	river.AddWorker(p.Workers, &IssuePermitWorker{Review: p.Review, Log: log})
	river.AddWorker(p.Workers, &ApplyParkingRenewalWorker{Parking: p.Parking})
	river.AddWorker(p.Workers, &RefundApplicationFeeWorker{Fees: p.Fees})
	river.AddWorker(p.Workers, &ExpirePermitsWorker{Review: p.Review, Log: log})
}

// expirePermitsHourly schedules the expiry sweep.
func expirePermitsHourly() *river.PeriodicJob {
	return river.NewPeriodicJob(
		river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return jobargs.ExpirePermits{}, nil },
		&river.PeriodicJobOpts{ID: "expire_permits", RunOnStart: true},
	)
}

// Module provides the worker bundle and periodic jobs and registers workers.
var Module = fx.Module("jobs",
	fx.Provide(
		river.NewWorkers,
		fx.Annotate(expirePermitsHourly, fx.ResultTags(`group:"periodic"`)),
	),
	fx.Invoke(Register),
)
