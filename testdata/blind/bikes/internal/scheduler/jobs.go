// Package scheduler holds the periodic jobs. Each job runs as its own
// Kubernetes CronJob invocation (`scheduler run <job>`); a failed run exits
// non-zero and is retried by the CronJob's backoffLimit.
package scheduler

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/service"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

type Job func(ctx context.Context, now time.Time) error

type Jobs struct {
	table map[string]Job
	log   *slog.Logger
}

func NewJobs(rides service.RideService, passes service.PassService, rebalance service.RebalanceService,
	passRepo repository.Passes, enqueuer tasks.Enqueuer, log *slog.Logger) *Jobs {
	j := &Jobs{log: log}
	j.table = map[string]Job{
		"close-stale-rides": func(ctx context.Context, now time.Time) error {
			n, err := rides.CloseStale(ctx, now)
			log.InfoContext(ctx, "stale rides closed", "count", n)
			return err
		},
		"rebalance-sweep": func(ctx context.Context, now time.Time) error {
			n, err := rebalance.Sweep(ctx, now)
			log.InfoContext(ctx, "rebalance sweep", "dispatched", n)
			return err
		},
		"renew-passes": func(ctx context.Context, now time.Time) error {
			report, err := passes.RenewDue(ctx, now)
			log.InfoContext(ctx, "pass renewals", "renewed", report.Renewed, "lapsed", report.Lapsed)
			return err
		},
		"pass-reminders": func(ctx context.Context, now time.Time) error {
			return queueExpiryReminders(ctx, passRepo, enqueuer, now)
		},
	}
	return j
}

func queueExpiryReminders(ctx context.Context, passes repository.Passes, enqueuer tasks.Enqueuer, now time.Time) error {
	expiring, err := passes.ExpiringBetween(ctx, now.Add(24*time.Hour), now.Add(48*time.Hour), 1000)
	if err != nil {
		return err
	}
	for _, p := range expiring {
		id := fmt.Sprintf("pass-reminder:%s:%d", p.ID, p.ExpiresAt.Unix())
		if err := enqueuer.Enqueue(ctx, tasks.TypePassExpiryReminder,
			tasks.PassReminderPayload{PassID: p.ID, ExpiresAt: p.ExpiresAt},
			asynq.TaskID(id), asynq.Queue(tasks.QueueLow), asynq.Retention(72*time.Hour),
		); err != nil {
			return err
		}
	}
	return nil
}

func (j *Jobs) Names() []string {
	names := make([]string, 0, len(j.table))
	for n := range j.table {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (j *Jobs) Run(ctx context.Context, name string) error {
	job, ok := j.table[name]
	if !ok {
		return fmt.Errorf("unknown job %q (have %v)", name, j.Names())
	}
	start := time.Now()
	err := job(ctx, start.UTC())
	j.log.InfoContext(ctx, "job finished", "job", name, "duration_ms", time.Since(start).Milliseconds(), "ok", err == nil)
	return err
}

var ProviderSet = wire.NewSet(NewJobs)
