// Package scheduler periodically enqueues recurring work: monthly billing,
// dunning retries, class reminders, freeze transitions and trainer payouts.
// Every task it enqueues has an ID derived from what it is for, so repeated
// ticks do not duplicate work.
package scheduler

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/hibiken/asynq"

	"github.com/pulsefit/memberships/internal/billing"
	"github.com/pulsefit/memberships/internal/classes"
	"github.com/pulsefit/memberships/internal/tasks"
)

type Scheduler struct {
	billing *billing.Service
	classes *classes.Service
	queue   tasks.Queue
	log     *slog.Logger
	now     func() time.Time
}

func New(b *billing.Service, c *classes.Service, q tasks.Queue, log *slog.Logger) *Scheduler {
	return &Scheduler{billing: b, classes: c, queue: q, log: log.With("component", "scheduler"), now: time.Now}
}

func (s *Scheduler) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		s.Tick(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *Scheduler) Tick(ctx context.Context) {
	now := s.now().UTC()
	for name, step := range map[string]func(context.Context, time.Time) error{
		"billing":   s.enqueueBilling,
		"dunning":   s.enqueueDunning,
		"reminders": s.enqueueReminders,
		"freezes":   s.enqueueFreezes,
		"payouts":   s.enqueuePayouts,
	} {
		if err := step(ctx, now); err != nil {
			s.log.Error("scheduler step failed", "step", name, "err", err)
		}
	}
}

func (s *Scheduler) enqueueBilling(ctx context.Context, now time.Time) error {
	due, err := s.billing.DueMemberships(ctx, now, 1000)
	if err != nil {
		return err
	}
	for _, ms := range due {
		period := billing.Period(ms.NextBillOn)
		if err := s.queue.Enqueue(ctx, tasks.TypeChargeMonthly,
			tasks.ChargeMonthlyPayload{MembershipID: ms.ID, Period: period},
			tasks.Key("charge", ms.ID.String(), period),
			asynq.Queue(tasks.QueueCritical),
		); err != nil {
			return err
		}
	}
	return nil
}

func (s *Scheduler) enqueueDunning(ctx context.Context, now time.Time) error {
	runs, err := s.billing.FailedRuns(ctx, now.Add(-48*time.Hour))
	if err != nil {
		return err
	}
	for _, r := range runs {
		attempt := int(r.Attempts)
		if err := s.queue.Enqueue(ctx, tasks.TypeDunningRetry,
			tasks.DunningRetryPayload{MembershipID: r.MembershipID, Period: r.Period, Attempt: attempt},
			tasks.Key("dunning", r.MembershipID.String(), r.Period, strconv.Itoa(attempt)),
		); err != nil {
			return err
		}
	}
	return nil
}

func (s *Scheduler) enqueueReminders(ctx context.Context, now time.Time) error {
	from := now.Add(2 * time.Hour)
	bookings, err := s.classes.BookingsStartingBetween(ctx, from, from.Add(15*time.Minute))
	if err != nil {
		return err
	}
	for _, b := range bookings {
		if err := s.queue.Enqueue(ctx, tasks.TypeClassReminder,
			tasks.ClassReminderPayload{BookingID: b.ID},
			tasks.Key("reminder", b.ID.String()),
			asynq.Queue(tasks.QueueNotify),
		); err != nil {
			return err
		}
	}
	return nil
}

func (s *Scheduler) enqueueFreezes(ctx context.Context, now time.Time) error {
	day := now.Format(time.DateOnly)
	return s.queue.Enqueue(ctx, tasks.TypeResumeFreezes,
		tasks.ResumeFreezesPayload{Day: day},
		tasks.Key("freezes", day),
	)
}

func (s *Scheduler) enqueuePayouts(ctx context.Context, now time.Time) error {
	if now.Day() != 1 || now.Hour() < 6 {
		return nil
	}
	period := now.AddDate(0, -1, 0).Format("2006-01")
	return s.queue.Enqueue(ctx, tasks.TypeRunPayouts,
		tasks.RunPayoutsPayload{Period: period},
		tasks.Key("payouts", period),
		asynq.Queue(tasks.QueueCritical),
	)
}
