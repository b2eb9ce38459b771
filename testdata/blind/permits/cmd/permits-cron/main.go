// Command permits-cron runs one scheduled task and exits. Each task is a
// Kubernetes CronJob with backoffLimit 3.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/clients"
	"github.com/civicworks/permits/internal/cron"
	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/platform/database"
	"github.com/civicworks/permits/internal/platform/logging"
	"github.com/civicworks/permits/internal/platform/metrics"
	"github.com/civicworks/permits/internal/service"
	"github.com/civicworks/permits/internal/store"
)

func main() {
	task := flag.String("task", "", "task to run (renewal-reminders, release-stale-bookings)")
	timeout := flag.Duration("timeout", 15*time.Minute, "overall deadline")
	flag.Parse()

	var tasks cron.Tasks
	app := fx.New(
		config.Module,
		logging.Module,
		metrics.Module,
		database.Module,
		clients.Module,
		store.Module,
		service.Module,
		fx.Provide(cron.NewTasks),
		fx.Populate(&tasks),
	)

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	if err := app.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "start:", err)
		os.Exit(1)
	}
	runErr := tasks.Run(ctx, *task)
	stopCtx, stopCancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer stopCancel()
	_ = app.Stop(stopCtx)
	if runErr != nil {
		fmt.Fprintln(os.Stderr, *task+":", runErr)
		os.Exit(1)
	}
}
