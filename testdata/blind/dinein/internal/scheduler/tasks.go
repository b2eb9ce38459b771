// Package scheduler holds the tasks that cmd/scheduler runs from cron.
package scheduler

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/result"
	"github.com/dinein/platform/internal/service"
	"github.com/dinein/platform/internal/store"
)

// Task is one scheduled job. It returns an error when the run should be
// reported as failed so the CronJob restarts it.
type Task func(ctx context.Context) error

// Params are the dependencies of the scheduled tasks.
type Params struct {
	fx.In

	Pool     *pgxpool.Pool
	Payouts  service.PayoutService
	Dispatch service.DispatchService
	Log      *zap.Logger
}

// Tasks returns the task table keyed by name.
func Tasks(p Params) map[string]Task {
	log := p.Log.Named("scheduler")
	return map[string]Task{
		"migrate": func(ctx context.Context) error {
			migrator, err := rivermigrate.New(riverpgxv5.New(p.Pool), nil)
			if err != nil {
				return err
			}
			res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
			if err != nil {
				return fmt.Errorf("river migrations: %w", err)
			}
			log.Info("river migrations applied", zap.Int("versions", len(res.Versions)))
			return store.Migrate(ctx, p.Pool, log)
		},
		"schedule-payouts": func(ctx context.Context) error {
			return report(log, "schedule-payouts", p.Payouts.ScheduleWeek(ctx, time.Now()))
		},
		"sweep-dispatch": func(ctx context.Context) error {
			return report(log, "sweep-dispatch", p.Dispatch.SweepUnassigned(ctx, 10*time.Minute))
		},
	}
}

// Names lists the task names in order.
func Names(tasks map[string]Task) []string {
	names := make([]string, 0, len(tasks))
	for n := range tasks {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func report[T any](log *zap.Logger, task string, rs []result.Result[T]) error {
	_, err := result.Partition(rs)
	sum := result.Summarize(rs)
	log.Info("task finished", zap.String("task", task), zap.Int("ok", sum.Succeeded), zap.Int("failed", sum.Failed))
	if err != nil {
		return fmt.Errorf("%s: %d of %d failed: %w", task, sum.Failed, len(rs), err)
	}
	return nil
}
