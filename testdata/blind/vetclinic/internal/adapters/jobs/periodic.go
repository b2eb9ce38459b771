package jobs

import (
	"time"

	"github.com/riverqueue/river"

	"github.com/pawpath/vetclinic/internal/core/jobargs"
)

// dailyAt fires once a day at a wall-clock time in loc.
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

// Periodic returns the schedule the leader worker enqueues.
func Periodic(settlementTZ *time.Location) []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(10*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobargs.ScanReminders{}, &river.InsertOpts{Queue: jobargs.QueueMessaging}
			},
			&river.PeriodicJobOpts{ID: "reminders.scan", RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(20*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobargs.PollLabStatuses{}, &river.InsertOpts{Queue: jobargs.QueuePartners}
			},
			&river.PeriodicJobOpts{ID: "lab.poll_statuses"},
		),
		river.NewPeriodicJob(
			dailyAt{hour: 2, minute: 30, loc: settlementTZ},
			func() (river.JobArgs, *river.InsertOpts) {
				return jobargs.NightlySettlement{}, &river.InsertOpts{
					Queue:       jobargs.QueueFinance,
					MaxAttempts: 5,
					UniqueOpts:  river.UniqueOpts{ByPeriod: 24 * time.Hour},
				}
			},
			&river.PeriodicJobOpts{ID: "finance.nightly_settlement"},
		),
	}
}
