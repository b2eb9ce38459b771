// Package scheduler finds work that has come due (instalments, reminders,
// lapsed holds) and queues it for the worker.
package scheduler

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/clock"
)

type InstalmentSource interface {
	ListDue(ctx context.Context, day time.Time, limit int) ([]domain.Instalment, error)
}

type ReminderSource interface {
	ListDue(ctx context.Context, now time.Time, limit int) ([]domain.Reminder, error)
}

type HoldSource interface {
	ListExpiredHolds(ctx context.Context, now time.Time, limit int) ([]uuid.UUID, error)
}

// Queue is implemented by *tasks.Enqueuer. Task ids are derived from the
// row, so a tick that overlaps the previous one does not queue twice.
type Queue interface {
	InstalmentCharge(ctx context.Context, instalmentID uuid.UUID, due time.Time) error
	Reminder(ctx context.Context, reminderID uuid.UUID) error
	HoldExpiry(ctx context.Context, bookingID uuid.UUID) error
}

type Scheduler struct {
	instalments InstalmentSource
	reminders   ReminderSource
	holds       HoldSource
	queue       Queue
	log         *slog.Logger

	now   func() time.Time
	tick  time.Duration
	batch int
}

func New(instalments InstalmentSource, reminders ReminderSource, holds HoldSource, queue Queue, log *slog.Logger, tick time.Duration) *Scheduler {
	return &Scheduler{
		instalments: instalments,
		reminders:   reminders,
		holds:       holds,
		queue:       queue,
		log:         log,
		now:         clock.UTC,
		tick:        tick,
		batch:       500,
	}
}

// Run ticks until ctx is cancelled.
func (s *Scheduler) Run(ctx context.Context) error {
	t := time.NewTicker(s.tick)
	defer t.Stop()
	for {
		s.Tick(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

type job struct {
	name string
	run  func(ctx context.Context, now time.Time) (int, error)
}

// Tick runs every job once. A failing job is logged and retried next tick.
func (s *Scheduler) Tick(ctx context.Context) {
	now := s.now()
	for _, j := range []job{
		{"instalments", s.queueInstalments},
		{"reminders", s.queueReminders},
		{"holds", s.queueHolds},
	} {
		n, err := j.run(ctx, now)
		if err != nil {
			s.log.ErrorContext(ctx, "scheduler job failed", "job", j.name, "queued", n, "err", err)
			continue
		}
		if n > 0 {
			s.log.InfoContext(ctx, "scheduler job queued work", "job", j.name, "queued", n)
		}
	}
}

func (s *Scheduler) queueInstalments(ctx context.Context, now time.Time) (int, error) {
	due, err := s.instalments.ListDue(ctx, clock.Date(now), s.batch)
	if err != nil {
		return 0, err
	}
	return queueAll(ctx, due, func(ctx context.Context, i domain.Instalment) error {
		return s.queue.InstalmentCharge(ctx, i.ID, i.DueDate)
	})
}

func (s *Scheduler) queueReminders(ctx context.Context, now time.Time) (int, error) {
	due, err := s.reminders.ListDue(ctx, now, s.batch)
	if err != nil {
		return 0, err
	}
	return queueAll(ctx, due, func(ctx context.Context, r domain.Reminder) error {
		return s.queue.Reminder(ctx, r.ID)
	})
}

func (s *Scheduler) queueHolds(ctx context.Context, now time.Time) (int, error) {
	ids, err := s.holds.ListExpiredHolds(ctx, now, s.batch)
	if err != nil {
		return 0, err
	}
	return queueAll(ctx, ids, s.queue.HoldExpiry)
}

// queueAll submits every item, stopping at the first error.
func queueAll[T any](ctx context.Context, items []T, submit func(context.Context, T) error) (int, error) {
	for i, it := range items {
		if err := submit(ctx, it); err != nil {
			return i, err
		}
	}
	return len(items), nil
}
