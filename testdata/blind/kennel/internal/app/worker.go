package app

import (
	"database/sql"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"go.uber.org/dig"

	"github.com/pawsandstay/kennel/internal/checkout"
	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/loyalty"
	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/payments"
	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/internal/platform/queue"
	"github.com/pawsandstay/kennel/internal/providers/sms"
	"github.com/pawsandstay/kennel/internal/providers/vetrecords"
	"github.com/pawsandstay/kennel/internal/refunds"
	"github.com/pawsandstay/kennel/internal/reservations"
	"github.com/pawsandstay/kennel/internal/settlement"
	"github.com/pawsandstay/kennel/internal/vaccines"
)

type workerSet struct {
	dig.In

	Deposit   *reservations.DepositWorker
	Refund    *refunds.Worker
	Charge    *checkout.ChargeWorker
	Verify    *vaccines.VerifyWorker
	SMS       *notify.SendWorker
	Reminders *notify.ReminderWorker
	Expiry    *loyalty.ExpiryWorker
	Settle    *settlement.SettleWorker
	Payout    *settlement.PayoutWorker
}

func newWorkers(s workerSet) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, s.Deposit)
	river.AddWorker(w, s.Refund)
	river.AddWorker(w, s.Charge)
	river.AddWorker(w, s.Verify)
	river.AddWorker(w, s.SMS)
	river.AddWorker(w, s.Reminders)
	river.AddWorker(w, s.Expiry)
	river.AddWorker(w, s.Settle)
	river.AddWorker(w, s.Payout)
	return w
}

func periodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) { return jobs.SendStayReminders{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(24*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobs.ExpireLoyalty{}, &river.InsertOpts{Queue: queue.QueueNightly}
			},
			nil,
		),
	}
}

func newWorkerClient(db *sql.DB, workers *river.Workers, enq *queue.RiverEnqueuer, cfg *config.Config, log *slog.Logger) (*queue.Client, error) {
	client, err := queue.NewClient(db, queue.Options{
		Workers:      workers,
		PeriodicJobs: periodicJobs(),
		Concurrency:  cfg.WorkerConcurrency,
		Logger:       log,
	})
	if err != nil {
		return nil, err
	}
	enq.Bind(client)
	return client, nil
}

func newSendWorker(db *bun.DB, dir owners.Directory, sender sms.Sender, cb Callbacks, cfg *config.Config) (*notify.SendWorker, error) {
	return notify.NewSendWorker(notify.SendWorkerParams{
		DB: db, Directory: dir, Sender: sender, CallbackURL: cb.SMSStatus, Timezone: cfg.SettlementTimezone,
	})
}

func newVerifyWorker(db *bun.DB, dir owners.Directory, vendor *vetrecords.Client, cb Callbacks) *vaccines.VerifyWorker {
	return vaccines.NewVerifyWorker(db, dir, vendor, cb.VetRecords)
}

func newSettleWorker(db *bun.DB, dir owners.Directory, q queue.Enqueuer, cfg *config.Config, log *slog.Logger) *settlement.SettleWorker {
	return settlement.NewSettleWorker(db, dir, q, cfg.Currency, log.With("component", "settlement"))
}

func newRefundWorker(db *bun.DB, gw payments.Gateway) *refunds.Worker {
	return refunds.NewWorker(db, gw)
}

// Worker adds every job worker and a River client that runs them.
func Worker(c *dig.Container) error {
	ctors := []any{
		reservations.NewDepositWorker,
		newRefundWorker,
		checkout.NewChargeWorker,
		newVerifyWorker,
		newSendWorker,
		notify.NewReminderWorker,
		loyalty.NewExpiryWorker,
		newSettleWorker,
		settlement.NewPayoutWorker,
		newWorkers,
		newWorkerClient,
	}
	for _, fn := range ctors {
		if err := c.Provide(fn); err != nil {
			return err
		}
	}
	return nil
}

// Nightly adds the cron steps.
func Nightly(c *dig.Container) error {
	if err := InsertOnlyQueue(c); err != nil {
		return err
	}
	for _, fn := range []any{settlement.NewSnapshotter, settlement.NewScheduler} {
		if err := c.Provide(fn); err != nil {
			return err
		}
	}
	return nil
}
