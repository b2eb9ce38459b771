package workers

import (
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/dig"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/service/ledger"
	"github.com/keystone-pm/rent/internal/service/maintenance"
	"github.com/keystone-pm/rent/internal/service/notify"
	"github.com/keystone-pm/rent/internal/service/payments"
	"github.com/keystone-pm/rent/internal/service/payouts"
	"github.com/keystone-pm/rent/internal/tasks"
)

type Params struct {
	dig.In

	DB          *db.DB
	Leases      repo.LeaseStore
	Jobs        tasks.Enqueuer
	Ledger      ledger.Service
	Notify      notify.Service
	Payments    payments.Service
	Payouts     payouts.Service
	Maintenance maintenance.Service
	Log         *slog.Logger
}

// NewWorkers registers every worker.
func NewWorkers(p Params) (*river.Workers, error) {
	ws := river.NewWorkers()
	log := p.Log.With("component", "workers")
	adds := []func() error{
		func() error {
			return river.AddWorkerSafely(ws, &LateFeeSweepWorker{DB: p.DB, Leases: p.Leases, Jobs: p.Jobs, Log: log})
		},
		func() error { return river.AddWorkerSafely(ws, &AssessLateFeeWorker{Ledger: p.Ledger, Log: log}) },
		func() error { return river.AddWorkerSafely(ws, &LateFeeNoticeWorker{Notify: p.Notify}) },
		func() error {
			return river.AddWorkerSafely(ws, &AssessNSFFeeWorker{Ledger: p.Ledger, Notify: p.Notify})
		},
		func() error { return river.AddWorkerSafely(ws, &AutopayRunWorker{Payments: p.Payments, Log: log}) },
		func() error { return river.AddWorkerSafely(ws, &PollTransfersWorker{Payments: p.Payments, Log: log}) },
		func() error { return river.AddWorkerSafely(ws, &SendReceiptWorker{Notify: p.Notify}) },
		func() error { return river.AddWorkerSafely(ws, &RentReminderWorker{Notify: p.Notify, Log: log}) },
		func() error { return river.AddWorkerSafely(ws, &DispatchWorkOrderWorker{Maintenance: p.Maintenance}) },
		func() error { return river.AddWorkerSafely(ws, &DisbursementSweepWorker{Payouts: p.Payouts, Log: log}) },
		func() error { return river.AddWorkerSafely(ws, &SubmitPayoutWorker{Payouts: p.Payouts}) },
	}
	for _, add := range adds {
		if err := add(); err != nil {
			return nil, err
		}
	}
	return ws, nil
}

// dailyAt fires once a day at the given local hour.
type dailyAt struct {
	hour int
	loc  *time.Location
}

func (d dailyAt) Next(now time.Time) time.Time {
	n := now.In(d.loc)
	next := time.Date(n.Year(), n.Month(), n.Day(), d.hour, 0, 0, 0, d.loc)
	if !next.After(n) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

// PeriodicJobs returns the scheduled jobs. now is injectable for tests.
func PeriodicJobs(loc *time.Location, lateFeeHour int, now func() time.Time) []*river.PeriodicJob {
	today := func() time.Time {
		n := now().In(loc)
		return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, time.UTC)
	}
	return []*river.PeriodicJob{
		river.NewPeriodicJob(dailyAt{hour: lateFeeHour, loc: loc}, func() (river.JobArgs, *river.InsertOpts) {
			return tasks.LateFeeSweepArgs{AsOf: today().Format(tasks.DateLayout)},
				&river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
		}, &river.PeriodicJobOpts{ID: "late_fee_sweep"}),

		river.NewPeriodicJob(dailyAt{hour: 6, loc: loc}, func() (river.JobArgs, *river.InsertOpts) {
			d := today()
			if d.Day() > 28 {
				return nil, nil
			}
			return tasks.AutopayRunArgs{Period: d.Format(tasks.DateLayout), DueDay: d.Day()}, nil
		}, &river.PeriodicJobOpts{ID: "autopay_run"}),

		river.NewPeriodicJob(dailyAt{hour: 10, loc: loc}, func() (river.JobArgs, *river.InsertOpts) {
			return tasks.RentReminderArgs{DueOn: today().AddDate(0, 0, 3).Format(tasks.DateLayout)},
				&river.InsertOpts{Queue: tasks.QueueMessaging, UniqueOpts: river.UniqueOpts{ByArgs: true}}
		}, &river.PeriodicJobOpts{ID: "rent_reminder"}),

		river.NewPeriodicJob(dailyAt{hour: 7, loc: loc}, func() (river.JobArgs, *river.InsertOpts) {
			d := today()
			if d.Day() != 5 {
				return nil, nil
			}
			end := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC)
			start := end.AddDate(0, -1, 0)
			return tasks.DisbursementSweepArgs{
				PeriodStart: start.Format(tasks.DateLayout),
				PeriodEnd:   end.Format(tasks.DateLayout),
			}, nil
		}, &river.PeriodicJobOpts{ID: "disbursement_sweep"}),

		river.NewPeriodicJob(river.PeriodicInterval(30*time.Minute), func() (river.JobArgs, *river.InsertOpts) {
			return tasks.PollTransfersArgs{}, nil
		}, &river.PeriodicJobOpts{ID: "poll_transfers", RunOnStart: true}),
	}
}
