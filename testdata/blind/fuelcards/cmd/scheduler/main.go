// Command scheduler is run by the platform's cron: nightly to register the
// merchants' settlement files, and on the first of the month to start the
// rebate run. Each run enqueues jobs and exits.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/ridgeline-fleet/fuelcards/internal/app"
	"github.com/ridgeline-fleet/fuelcards/internal/config"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/filedrop"
	"github.com/ridgeline-fleet/fuelcards/internal/store"
)

type deps struct {
	fx.In

	Cfg   config.Config
	Log   *slog.Logger
	Q     *store.Queries
	Jobs  jobargs.Enqueuer
	Files *filedrop.Client
}

func main() {
	task := flag.String("task", "", "settlement or rebates")
	date := flag.String("date", "", "business date (settlement, YYYY-MM-DD) or period (rebates, YYYY-MM); defaults to the previous one")
	flag.Parse()

	var d deps
	application := fx.New(
		app.Core,
		app.Providers,
		app.Repos,
		fx.Populate(&d),
		fx.NopLogger,
	)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if err := application.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer func() { _ = application.Stop(context.Background()) }()

	t, ok := tasks[*task]
	if !ok {
		d.Log.Error("unknown task", "task", *task)
		os.Exit(2)
	}
	if err := t(ctx, d, *date); err != nil {
		d.Log.Error("task failed", "task", *task, "error", err)
		os.Exit(1)
	}
}
