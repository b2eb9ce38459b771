// Command cron runs one maintenance task and exits. It is scheduled by the
// cluster's CronJob objects, which re-run a task whose pod fails.
//
//	cron expire-points   monthly loyalty point expiry
//	cron dunning         daily overdue-invoice notices
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/pawpath/vetclinic/internal/app"
	"github.com/pawpath/vetclinic/internal/core/services"
)

type task func(ctx context.Context) (int, error)

func tasks(loyalty *services.LoyaltyService, dunning *services.DunningService) map[string]task {
	return map[string]task{
		"expire-points": loyalty.ExpirePoints,
		"dunning":       dunning.Run,
	}
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <expire-points|dunning>")
		os.Exit(2)
	}
	name := os.Args[1]

	var table map[string]task
	var log *slog.Logger
	fxApp := fx.New(
		app.Core,
		app.InsertOnlyQueue,
		fx.NopLogger,
		fx.Provide(tasks),
		fx.Populate(&table, &log),
	)
	if err := fxApp.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	run, ok := table[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown task %q\n", name)
		os.Exit(2)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	if err := fxApp.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer func() { _ = fxApp.Stop(context.Background()) }()

	n, err := run(ctx)
	if err != nil {
		log.Error("task failed", "task", name, "done", n, "err", err)
		os.Exit(1)
	}
	log.Info("task finished", "task", name, "count", n)
}
