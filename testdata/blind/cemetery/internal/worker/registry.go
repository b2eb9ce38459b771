package worker

import (
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/config"
	"github.com/hollowpine-memorial/plotkeeper/internal/jobs"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

// Deps is everything the workers need, injected by fx.
type Deps struct {
	fx.In

	Config       config.Config
	Logger       *zap.Logger
	Reservations service.Reservations
	Interments   service.Interments
	Engraving    service.Engraving
	Care         service.Care
	Messaging    service.Messaging
}

// registration adds one worker to the bundle.
type registration func(ws *river.Workers, d Deps)

var registry = []registration{
	func(ws *river.Workers, d Deps) {
		river.AddWorker(ws, &IntermentBookWorker{Interments: d.Interments})
	},
	func(ws *river.Workers, d Deps) {
		river.AddWorker(ws, &EngravingSubmitWorker{Engraving: d.Engraving})
	},
	func(ws *river.Workers, d Deps) {
		river.AddWorker(ws, &FamilyNotifyWorker{Messaging: d.Messaging})
	},
	func(ws *river.Workers, d Deps) {
		river.AddWorker(ws, &CareChargeWorker{Care: d.Care})
	},
	func(ws *river.Workers, d Deps) {
		river.AddWorker(ws, &DepositRefundWorker{Reservations: d.Reservations})
	},
	func(ws *river.Workers, d Deps) {
		river.AddWorker(ws, &periodic[jobs.CareBillingRunArgs]{
			name: "care_billing_run", log: d.Logger, now: time.Now,
			run: d.Care.RunBilling,
		})
	},
	func(ws *river.Workers, d Deps) {
		river.AddWorker(ws, &periodic[jobs.IntermentRemindersArgs]{
			name: "interment_reminders", log: d.Logger, now: time.Now,
			run: d.Interments.SendReminders,
		})
	},
}

// NewWorkers builds the river worker bundle from the registry.
func NewWorkers(d Deps) *river.Workers {
	ws := river.NewWorkers()
	for _, reg := range registry {
		reg(ws, d)
	}
	return ws
}

// PeriodicJobs is the schedule of batch jobs. A failed run is retried by
// river like any other job; the next tick also runs it again.
func PeriodicJobs(cfg config.Config) []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(cfg.BillingInterval),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobs.CareBillingRunArgs{AsOf: time.Now().UTC().Truncate(24 * time.Hour)},
					&river.InsertOpts{Queue: jobs.QueuePayments, MaxAttempts: 5}
			},
			&river.PeriodicJobOpts{ID: "care_billing_run", RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(15*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobs.IntermentRemindersArgs{}, &river.InsertOpts{Queue: jobs.QueueMessages, MaxAttempts: 3}
			},
			&river.PeriodicJobOpts{ID: "interment_reminders"},
		),
	}
}

// Queues returns the queue configuration for the worker process.
func Queues(cfg config.Config) map[string]river.QueueConfig {
	n := cfg.WorkerConcurrency
	if n < 1 {
		n = 1
	}
	return map[string]river.QueueConfig{
		jobs.QueueDefault:  {MaxWorkers: n},
		jobs.QueuePayments: {MaxWorkers: max(1, n/2)},
		jobs.QueuePartners: {MaxWorkers: max(1, n/2)},
		jobs.QueueMessages: {MaxWorkers: n},
	}
}
