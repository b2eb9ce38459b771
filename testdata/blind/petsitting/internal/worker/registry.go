package worker

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/pawtrail-labs/pawtrail/internal/jobs"
)

// Deps is everything the workers need.
type Deps struct {
	Payments       DepositPayments
	PayoutSweeper  Runner
	Payer          PayoutPayer
	ReminderSweep  Runner
	Messages       BookingMessages
	Logger         *slog.Logger
	ReminderPeriod time.Duration
	PayoutDay      time.Weekday
	PayoutHour     int
}

type registration struct {
	kind     string
	register func(ws *river.Workers, d Deps) error
}

// registrations is the single list of job kinds this process works. Adding
// a job means adding its args in package jobs and a row here.
var registrations = []registration{
	{jobs.CaptureDepositArgs{}.Kind(), func(ws *river.Workers, d Deps) error {
		return river.AddWorkerSafely(ws, &CaptureDepositWorker{payments: d.Payments})
	}},
	{jobs.RefundDepositArgs{}.Kind(), func(ws *river.Workers, d Deps) error {
		return river.AddWorkerSafely(ws, &RefundDepositWorker{payments: d.Payments})
	}},
	{jobs.PayoutSweepArgs{}.Kind(), func(ws *river.Workers, d Deps) error {
		return river.AddWorkerSafely(ws, &PayoutSweepWorker{sweeper: d.PayoutSweeper, log: d.Logger})
	}},
	{jobs.SitterPayoutArgs{}.Kind(), func(ws *river.Workers, d Deps) error {
		return river.AddWorkerSafely(ws, &SitterPayoutWorker{payer: d.Payer})
	}},
	{jobs.ReminderSweepArgs{}.Kind(), func(ws *river.Workers, d Deps) error {
		return river.AddWorkerSafely(ws, &ReminderSweepWorker{sweeper: d.ReminderSweep})
	}},
	{jobs.BookingReminderArgs{}.Kind(), func(ws *river.Workers, d Deps) error {
		return river.AddWorkerSafely(ws, &BookingReminderWorker{messages: d.Messages})
	}},
	{jobs.CheckinNotifyArgs{}.Kind(), func(ws *river.Workers, d Deps) error {
		return river.AddWorkerSafely(ws, &CheckinNotifyWorker{messages: d.Messages})
	}},
	{jobs.ReviewPromptArgs{}.Kind(), func(ws *river.Workers, d Deps) error {
		return river.AddWorkerSafely(ws, &ReviewPromptWorker{messages: d.Messages})
	}},
}

// NewWorkers builds the River worker bundle from the registration table.
func NewWorkers(d Deps) (*river.Workers, error) {
	ws := river.NewWorkers()
	for _, reg := range registrations {
		if err := reg.register(ws, d); err != nil {
			return nil, fmt.Errorf("register %s: %w", reg.kind, err)
		}
	}
	return ws, nil
}

// PeriodicJobs are the scheduled jobs the elected leader inserts.
func PeriodicJobs(d Deps) []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(d.ReminderPeriod),
			func() (river.JobArgs, *river.InsertOpts) { return jobs.ReminderSweepArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true},
		),
		river.NewPeriodicJob(
			Weekly{Day: d.PayoutDay, Hour: d.PayoutHour},
			func() (river.JobArgs, *river.InsertOpts) { return jobs.PayoutSweepArgs{}, nil },
			nil,
		),
	}
}

// Queues is the queue layout for the worker process.
func Queues() map[string]river.QueueConfig {
	return map[string]river.QueueConfig{
		river.QueueDefault:      {MaxWorkers: 5},
		jobs.QueuePayments:      {MaxWorkers: 10},
		jobs.QueuePayouts:       {MaxWorkers: 4},
		jobs.QueueNotifications: {MaxWorkers: 20},
		jobs.QueueMaintenance:   {MaxWorkers: 2},
	}
}

// Weekly is a river.PeriodicSchedule firing once a week at Day/Hour UTC.
type Weekly struct {
	Day  time.Weekday
	Hour int
}

func (s Weekly) Next(t time.Time) time.Time {
	t = t.UTC()
	next := time.Date(t.Year(), t.Month(), t.Day(), s.Hour, 0, 0, 0, time.UTC)
	for next.Weekday() != s.Day || !next.After(t) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}
