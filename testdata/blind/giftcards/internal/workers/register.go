// Package workers contains the river workers run by cmd/worker.
package workers

import (
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/mailer"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/service"
	"github.com/lumen-gift/giftcards/internal/sms"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
	"github.com/lumen-gift/giftcards/internal/webhook"
)

// Deps is everything the workers need; cmd/worker builds it.
type Deps struct {
	Store       *store.Store
	Jobs        tasks.Inserter
	Cards       repo.Cards
	Deliveries  repo.Deliveries
	Purchases   service.Purchases
	Settlements service.Settlements
	SMS         sms.Sender
	Mail        mailer.Mailer
	Webhooks    webhook.Notifier

	CardValidity   time.Duration
	ReminderWindow time.Duration
	Log            *slog.Logger
}

// Register adds every worker to ws.
func Register(ws *river.Workers, d *Deps) {
	river.AddWorker(ws, &IssueCardsWorker{st: d.Store, jobs: d.Jobs, validity: d.CardValidity, log: d.Log})
	river.AddWorker(ws, &DeliverCodeWorker{deliveries: d.Deliveries, cards: d.Cards, sms: d.SMS, mail: d.Mail, log: d.Log})
	river.AddWorker(ws, &FulfillPurchaseWorker{purchases: d.Purchases})
	river.AddWorker(ws, &ExpirySweepWorker{cards: d.Cards, mail: d.Mail, now: time.Now, log: d.Log})
	river.AddWorker(ws, &ExpiryReminderWorker{cards: d.Cards, sms: d.SMS, window: d.ReminderWindow, now: time.Now, log: d.Log})
	river.AddWorker(ws, &ScheduleSettlementsWorker{settlements: d.Settlements, now: time.Now, log: d.Log})
	river.AddWorker(ws, &BuildSettlementWorker{settlements: d.Settlements, log: d.Log})
	river.AddWorker(ws, &PayoutSettlementWorker{settlements: d.Settlements})
	river.AddWorker(ws, &DispatchWebhookWorker{st: d.Store, notifier: d.Webhooks, log: d.Log})
}

// PeriodicJobs returns the maintenance schedule.
func PeriodicJobs(sweepEvery time.Duration) []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(sweepEvery),
			func() (river.JobArgs, *river.InsertOpts) { return tasks.ExpirySweep{BatchSize: defaultSweepBatch}, nil },
			&river.PeriodicJobOpts{ID: "expiry_sweep", RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(24*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) { return tasks.ExpiryReminder{}, nil },
			&river.PeriodicJobOpts{ID: "expiry_reminder"}),
		river.NewPeriodicJob(dailyAt(2, 0),
			func() (river.JobArgs, *river.InsertOpts) { return tasks.ScheduleSettlements{}, nil },
			&river.PeriodicJobOpts{ID: "schedule_settlements"}),
	}
}

type dailySchedule struct{ hour, minute int }

func dailyAt(hour, minute int) river.PeriodicSchedule { return dailySchedule{hour, minute} }

func (s dailySchedule) Next(t time.Time) time.Time {
	t = t.UTC()
	next := time.Date(t.Year(), t.Month(), t.Day(), s.hour, s.minute, 0, 0, time.UTC)
	if !next.After(t) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}
