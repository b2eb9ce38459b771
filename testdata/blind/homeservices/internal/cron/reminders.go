// Package cron holds the periodic jobs run by the scheduler.
package cron

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the periodic jobs.
var ProviderSet = wire.NewSet(NewReminderSweep)

// ReminderSweep queues reminders for visits starting within the lead time.
type ReminderSweep struct {
	repos *store.Repos
	queue queue.Enqueuer
	lead  time.Duration
	now   func() time.Time
}

// NewReminderSweep builds a ReminderSweep.
func NewReminderSweep(cfg *config.Config, repos *store.Repos, q queue.Enqueuer) *ReminderSweep {
	return &ReminderSweep{repos: repos, queue: q, lead: cfg.ReminderLead, now: time.Now}
}

// Run queues one reminder task per due appointment.
func (s *ReminderSweep) Run(ctx context.Context) (int, error) {
	now := s.now()
	due, err := s.repos.Appointments.DueForReminder(ctx, now, now.Add(s.lead))
	if err != nil {
		return 0, fmt.Errorf("cron: due reminders: %w", err)
	}
	queued := 0
	for _, a := range due {
		task, err := queue.NewTask(queue.TypeAppointmentReminder, queue.AppointmentReminder{JobID: a.JobID})
		if err != nil {
			return queued, err
		}
		key := fmt.Sprintf("reminder:%s:%d", a.JobID, now.Unix())
		if err := s.queue.Enqueue(ctx, task, queue.WithDedupKey(key), queue.WithMaxRetry(5)); err != nil {
			return queued, err
		}
		queued++
	}
	slog.InfoContext(ctx, "reminder sweep", "due", len(due), "queued", queued)
	return queued, nil
}
