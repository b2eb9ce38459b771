// Package cron runs periodic tasks for cmd/scheduler.
package cron

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/config"
	"github.com/velvetchair/salon/internal/core/services"
)

// Task is one periodic job.
type Task struct {
	Name  string
	Every time.Duration
	Run   func(ctx context.Context) error
}

// Tasks is the schedule.
func Tasks(cfg config.Config, s *services.SchedulingService, log *slog.Logger) []Task {
	return []Task{
		{
			Name:  "reminders",
			Every: cfg.SchedulerInterval,
			Run: func(ctx context.Context) error {
				n, err := s.EnqueueDueReminders(ctx)
				log.InfoContext(ctx, "reminders enqueued", "count", n)
				return err
			},
		},
		{
			Name:  "weekly-payouts",
			Every: time.Hour,
			Run: func(ctx context.Context) error {
				if now := time.Now().UTC(); now.Weekday() != time.Monday || now.Hour() < 6 {
					return nil
				}
				n, err := s.EnqueueWeeklyPayouts(ctx)
				log.InfoContext(ctx, "weekly payouts enqueued", "stylists", n)
				return err
			},
		},
		{
			Name:  "housekeeping",
			Every: 15 * time.Minute,
			Run:   s.Housekeeping,
		},
	}
}

// Module runs Tasks until the app stops.
var Module = fx.Module("cron",
	fx.Provide(Tasks),
	fx.Invoke(func(lc fx.Lifecycle, tasks []Task, log *slog.Logger) {
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		lc.Append(fx.Hook{
			OnStart: func(context.Context) error {
				for _, t := range tasks {
					wg.Add(1)
					go func(t Task) {
						defer wg.Done()
						loop(ctx, t, log.With("task", t.Name))
					}(t)
				}
				return nil
			},
			OnStop: func(context.Context) error {
				cancel()
				wg.Wait()
				return nil
			},
		})
	}),
)

func loop(ctx context.Context, t Task, log *slog.Logger) {
	ticker := time.NewTicker(t.Every)
	defer ticker.Stop()
	for {
		runCtx, cancel := context.WithTimeout(ctx, t.Every)
		if err := t.Run(runCtx); err != nil {
			log.ErrorContext(ctx, "task failed", "err", err)
		}
		cancel()
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}
