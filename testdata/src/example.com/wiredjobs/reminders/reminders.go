// Package reminders queues a reminder for each booking due one.
package reminders

import (
	"context"
	"time"

	"example.com/wiredjobs/jobs"
)

// Sweeper queues reminders.
type Sweeper struct {
	Jobs jobs.Inserter
}

// Run queues a reminder per booking; the job's arguments carry the
// time of this attempt, so river's unique key differs on a rerun.
func (s *Sweeper) Run(ctx context.Context, ids []string) error {
	for _, id := range ids {
		args := jobs.ReminderArgs{BookingID: id, RequestedAt: time.Now().UTC()} // want `a retry sends a new value as the job's unique argument RequestedAt, so the duplicate is not recognised: time.Now\(\) is fresh on every attempt \(river worker SweepWorker.Work\)`
		if _, err := s.Jobs.Insert(ctx, args, nil); err != nil {
			return err
		}
	}
	return nil
}
