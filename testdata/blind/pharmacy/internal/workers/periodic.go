package workers

import (
	"time"

	"github.com/riverqueue/river"

	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// PeriodicJobs is the maintenance schedule. River's leader inserts each job
// on schedule; RunOnStart makes sure a freshly elected leader doesn't skip a
// day.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(24*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return tasks.RefillRemindersArgs{LeadDays: 3}, &river.InsertOpts{Queue: tasks.QueueMaintenance, MaxAttempts: 5}
			},
			&river.PeriodicJobOpts{ID: "refill-reminders", RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(6*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return tasks.StockReconciliationArgs{BatchSize: 500}, &river.InsertOpts{Queue: tasks.QueueMaintenance, MaxAttempts: 10}
			},
			&river.PeriodicJobOpts{ID: "stock-reconciliation", RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return tasks.ExpireUnpaidOrdersArgs{OlderThan: 72 * time.Hour}, &river.InsertOpts{Queue: tasks.QueueMaintenance}
			},
			&river.PeriodicJobOpts{ID: "expire-unpaid-orders"},
		),
	}
}
