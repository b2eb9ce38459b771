package worker

import (
	"time"

	"github.com/riverqueue/river"

	"github.com/driftline-services/snowplow/internal/jobs"
)

// dailyAt fires once a day at a wall-clock time in loc.
type dailyAt struct {
	hour, minute int
	loc          *time.Location
}

func (d dailyAt) Next(now time.Time) time.Time {
	n := now.In(d.loc)
	next := time.Date(n.Year(), n.Month(), n.Day(), d.hour, d.minute, 0, 0, d.loc)
	if !next.After(n) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

// Periodic returns the scheduled jobs run by the consumer binary.
func Periodic(loc *time.Location) []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(10*time.Second),
			func() (river.JobArgs, *river.InsertOpts) { return jobs.OutboxRelayArgs{}, nil },
			&river.PeriodicJobOpts{ID: "outbox.relay", RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(30*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobs.SaltReorderArgs{}, &river.InsertOpts{Queue: jobs.QueueOps, MaxAttempts: 5}
			},
			&river.PeriodicJobOpts{ID: "salt.reorder"},
		),
		river.NewPeriodicJob(
			dailyAt{hour: 0, minute: 20, loc: loc},
			func() (river.JobArgs, *river.InsertOpts) {
				day := time.Now().In(loc).AddDate(0, 0, -1).Format("2006-01-02")
				return jobs.SaltSnapshotArgs{Day: day}, &river.InsertOpts{Queue: jobs.QueueOps, MaxAttempts: 10}
			},
			&river.PeriodicJobOpts{ID: "salt.snapshot"},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(15*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobs.PayoutSweepArgs{}, &river.InsertOpts{Queue: jobs.QueueMoney}
			},
			&river.PeriodicJobOpts{ID: "payout.sweep"},
		),
	}
}
