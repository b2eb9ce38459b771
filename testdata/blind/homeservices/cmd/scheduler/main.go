// Command scheduler registers periodic asynq tasks and runs the reminder
// sweep.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/cron"
	"github.com/tradeloop/homeservices/internal/platform/queue"
)

const reminderInterval = 15 * time.Minute

type app struct {
	scheduler *asynq.Scheduler
	reminders *cron.ReminderSweep
}

func newApp(scheduler *asynq.Scheduler, reminders *cron.ReminderSweep) *app {
	return &app{scheduler: scheduler, reminders: reminders}
}

func newScheduler(opt asynq.RedisClientOpt) (*asynq.Scheduler, error) {
	s := asynq.NewScheduler(opt, &asynq.SchedulerOpts{Location: time.UTC})
	task, err := queue.NewTask(queue.TypeReleaseExpiredHolds, queue.ReleaseExpiredHolds{})
	if err != nil {
		return nil, err
	}
	if _, err := s.Register("@every 30m", task, asynq.Queue(queue.QueueLow), asynq.Unique(25*time.Minute)); err != nil {
		return nil, err
	}
	return s, nil
}

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("component", "scheduler"))
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	a, cleanup, err := initApp(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if err := a.scheduler.Start(); err != nil {
		slog.Error("scheduler", "err", err)
		os.Exit(1)
	}
	defer a.scheduler.Shutdown()

	ticker := time.NewTicker(reminderInterval)
	defer ticker.Stop()
	for {
		if _, err := a.reminders.Run(ctx); err != nil {
			slog.Error("reminder sweep failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}
