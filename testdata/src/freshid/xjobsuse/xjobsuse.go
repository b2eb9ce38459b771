// Package xjobsuse queues jobs whose arguments another package declares.
package xjobsuse

import (
	"context"
	"time"

	"freshid/xjobargs"
)

// Sweeper queues a reminder for each booking.
type Sweeper struct{ Jobs xjobargs.Inserter }

// Run queues the reminders: each carries the time of its attempt,
// which the jobs' unique key includes.
func (s *Sweeper) Run(ctx context.Context, ids []string) error {
	for _, id := range ids {
		args := xjobargs.ReminderArgs{BookingID: id, RequestedAt: time.Now().UTC()}
		if _, err := s.Jobs.Insert(ctx, args, nil); err != nil {
			return err
		}
		// Negative: a notice is not unique; the time is data.
		if _, err := s.Jobs.Insert(ctx, xjobargs.NoticeArgs{BookingID: id, RequestedAt: time.Now().UTC()}, nil); err != nil {
			return err
		}
	}
	return nil
}
