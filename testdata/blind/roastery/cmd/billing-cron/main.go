// Command billing-cron is run by the scheduler: hourly for receivables,
// daily for subscription charges. The job to run is the first argument.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ridgeline-coffee/roastery/internal/app"
	"github.com/ridgeline-coffee/roastery/internal/receivables"
	"github.com/ridgeline-coffee/roastery/internal/subscriptions"
)

type job func(ctx context.Context, log *slog.Logger) error

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: billing-cron <charge-subscriptions|overdue-reminders|late-fees>")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 50*time.Minute)
	defer cancel()

	c, err := app.Build()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}

	err = c.Invoke(func(biller *subscriptions.Biller, collector *receivables.Collector, log *slog.Logger) error {
		jobs := map[string]job{
			"charge-subscriptions": func(ctx context.Context, log *slog.Logger) error {
				sum, err := biller.Run(ctx)
				log.Info("subscription billing finished", "due", sum.Due, "succeeded", sum.Succeeded,
					"declined", sum.Declined, "errored", sum.Errored)
				return err
			},
			"overdue-reminders": func(ctx context.Context, log *slog.Logger) error {
				n, err := collector.SendReminders(ctx)
				log.Info("overdue reminders sent", "count", n)
				return err
			},
			"late-fees": func(ctx context.Context, log *slog.Logger) error {
				n, err := collector.ApplyLateFees(ctx)
				log.Info("late fees applied", "cafes", n)
				return err
			},
		}
		run, ok := jobs[os.Args[1]]
		if !ok {
			return fmt.Errorf("unknown job %q", os.Args[1])
		}
		return run(ctx, log.With("job", os.Args[1]))
	})
	if err != nil {
		slog.Error("billing-cron failed", "err", err)
		os.Exit(1)
	}
}
