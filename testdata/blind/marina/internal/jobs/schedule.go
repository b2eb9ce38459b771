package jobs

import (
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/jobs/queue"
	"github.com/harbourline/marina/internal/service/notify"
	"github.com/harbourline/marina/internal/service/seasonal"
	"github.com/harbourline/marina/internal/service/settlement"
	"github.com/harbourline/marina/internal/storage"
)

// dailyAt fires once a day at hour:minute in loc.
type dailyAt struct {
	hour, minute int
	loc          *time.Location
}

func (d dailyAt) Next(current time.Time) time.Time {
	t := current.In(d.loc)
	next := time.Date(t.Year(), t.Month(), t.Day(), d.hour, d.minute, 0, 0, d.loc)
	if !next.After(t) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

// Deps are the services the workers call.
type Deps struct {
	Config     *config.Config
	Store      storage.Store
	Notify     *notify.Service
	Seasonal   *seasonal.Service
	Settlement *settlement.Service
	Publisher  message.Publisher
	Log        *zap.Logger
}

// Register adds every worker to workers.
func Register(workers *river.Workers, d Deps) {
	river.AddWorker(workers, &SendNotificationWorker{Notify: d.Notify})
	river.AddWorker(workers, &FuelReceiptWorker{Notify: d.Notify})
	river.AddWorker(workers, &HarbourDigestWorker{Notify: d.Notify})
	river.AddWorker(workers, &SettlementExportWorker{Settlement: d.Settlement, Log: d.Log})
	river.AddWorker(workers, &InstallmentSweepWorker{Seasonal: d.Seasonal, Log: d.Log})
	river.AddWorker(workers, &ArrivalRemindersWorker{Store: d.Store, Notify: d.Notify})
	river.AddWorker(workers, &OutboxRelayWorker{Store: d.Store, Publisher: d.Publisher})
}

// Periodic returns the recurring jobs.
func Periodic(d Deps) []*river.PeriodicJob {
	loc := d.Config.Location()
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			dailyAt{hour: d.Config.SettlementHourUTC, minute: 15, loc: time.UTC},
			func() (river.JobArgs, *river.InsertOpts) {
				return queue.SettlementExportArgs{BusinessDate: d.Settlement.Yesterday().Format(time.DateOnly)}, nil
			},
			&river.PeriodicJobOpts{ID: "settlement_export", RunOnStart: true},
		),
		river.NewPeriodicJob(
			dailyAt{hour: 17, minute: 0, loc: loc},
			func() (river.JobArgs, *river.InsertOpts) {
				return queue.HarbourDigestArgs{Date: d.Notify.Today().AddDate(0, 0, 1).Format(time.DateOnly)}, nil
			},
			&river.PeriodicJobOpts{ID: "harbour_digest"},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(6*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) { return queue.InstallmentSweepArgs{}, nil },
			&river.PeriodicJobOpts{ID: "installment_sweep"},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(d.Config.ReminderInterval),
			func() (river.JobArgs, *river.InsertOpts) { return queue.ArrivalRemindersArgs{}, nil },
			&river.PeriodicJobOpts{ID: "arrival_reminders"},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(d.Config.OutboxInterval),
			func() (river.JobArgs, *river.InsertOpts) { return queue.OutboxRelayArgs{}, nil },
			&river.PeriodicJobOpts{ID: "outbox_relay", RunOnStart: true},
		),
	}
}

// Queues is the worker process's queue configuration.
func Queues(cfg *config.Config) map[string]river.QueueConfig {
	n := max(cfg.WorkerConcurrency, 1)
	return map[string]river.QueueConfig{
		queue.QueueDefault:   {MaxWorkers: n},
		queue.QueueMessaging: {MaxWorkers: n},
		queue.QueuePayments:  {MaxWorkers: max(n/2, 1)},
		queue.QueueBatch:     {MaxWorkers: 1},
	}
}
