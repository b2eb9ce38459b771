// Command cron runs one scheduled task and exits. It is started by
// Kubernetes CronJobs, e.g. `cron reminders` every 15 minutes and
// `cron invoices` at 06:00 UTC on the 1st and 2nd of each month. A failed
// run is restarted by the Job's backoffLimit.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/quillsign/esign/internal/cron"
	"github.com/quillsign/esign/internal/jobs"
	"github.com/quillsign/esign/internal/platform/fxapp"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <task>")
		os.Exit(2)
	}

	var (
		registry cron.Registry
		log      *slog.Logger
	)
	fxApp := fx.New(
		fxapp.Base,
		fxapp.DB,
		jobs.InsertOnlyModule,
		fx.Provide(
			cron.NewReminderScheduler,
			cron.NewInvoiceScheduler,
			func(r *cron.ReminderScheduler, i *cron.InvoiceScheduler) cron.Registry {
				return cron.NewRegistry(r, i)
			},
		),
		fx.Populate(&registry, &log),
	)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	if err := fxApp.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	err := run(ctx, registry, os.Args[1])
	if stopErr := fxApp.Stop(context.Background()); stopErr != nil && err == nil {
		err = stopErr
	}
	if err != nil {
		log.Error("task failed", "task", os.Args[1], "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, registry cron.Registry, name string) error {
	task, err := registry.Lookup(name)
	if err != nil {
		return err
	}
	return task.Run(ctx)
}
