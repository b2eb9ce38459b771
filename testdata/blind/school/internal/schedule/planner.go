// Package schedule plans the daily instalment charges and reminders.
package schedule

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/store"
)

// Planner turns due instalments into jobs.
type Planner struct {
	store    store.Store
	enqueuer jobs.Enqueuer
	log      *slog.Logger
	lead     time.Duration
	batch    int
	now      func() time.Time
}

// NewPlanner builds a Planner. Reminders go out lead before the due date.
func NewPlanner(st store.Store, enq jobs.Enqueuer, log *slog.Logger) *Planner {
	return &Planner{store: st, enqueuer: enq, log: log, lead: 72 * time.Hour, batch: 500, now: time.Now}
}

// Tick enqueues a charge for every instalment due today or earlier and an
// "upcoming" reminder for those due within the lead time. Jobs are unique
// by their arguments, so ticking twice on the same day adds nothing.
func (p *Planner) Tick(ctx context.Context) error {
	today := p.now().Truncate(24 * time.Hour)

	due, err := p.store.ListDueInstalments(ctx, today.Add(p.lead), p.batch)
	if err != nil {
		return err
	}
	args := make([]river.JobArgs, 0, len(due))
	for _, d := range due {
		if d.DueOn.After(today) {
			args = append(args, jobs.InstalmentReminderArgs{InstalmentID: d.ID, Stage: "upcoming"})
			continue
		}
		args = append(args, jobs.ChargeInstalmentArgs{InstalmentID: d.ID, DueOn: d.DueOn.Format(time.DateOnly)})
	}
	if len(args) == 0 {
		return nil
	}
	n, err := p.enqueuer.EnqueueMany(ctx, args)
	if err != nil {
		return err
	}
	p.log.InfoContext(ctx, "planned instalment jobs", "candidates", len(args), "inserted", n)
	return nil
}

// Run ticks every interval until ctx is done.
func (p *Planner) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := p.Tick(ctx); err != nil {
			p.log.ErrorContext(ctx, "planner tick", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
