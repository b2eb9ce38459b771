// Command scheduler queues due instalments, reminders and lapsed holds for
// the worker on a fixed tick.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/app"
	"github.com/vowhall/venues/internal/config"
	"github.com/vowhall/venues/internal/scheduler"
)

func main() {
	c := dig.New()
	extra := app.Provider{Ctor: func(
		inst scheduler.InstalmentSource,
		rem scheduler.ReminderSource,
		holds scheduler.HoldSource,
		q scheduler.Queue,
		log *slog.Logger,
		cfg config.Config,
	) *scheduler.Scheduler {
		return scheduler.New(inst, rem, holds, q, log, cfg.SchedulerTick)
	}}
	if err := app.Provide(c, append(app.All(), extra)...); err != nil {
		slog.Error("wire scheduler", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("scheduler stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func run(s *scheduler.Scheduler, db *sqlx.DB, queue *asynq.Client) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer db.Close()
	defer queue.Close()
	return s.Run(ctx)
}
