// Command scheduler enqueues the periodic jobs. It is run by the cluster's
// cron: `scheduler rental-cycle` monthly, `scheduler daily` every evening.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/haulcore/wastehaul/internal/app"
	"github.com/haulcore/wastehaul/internal/config"
	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
)

type task func(now time.Time) []river.JobArgs

var tasks = map[string]task{
	"rental-cycle": func(now time.Time) []river.JobArgs {
		return []river.JobArgs{
			jobargs.RentalCycle{PeriodStart: time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)},
		}
	},
	"daily": func(now time.Time) []river.JobArgs {
		day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		return []river.JobArgs{
			jobargs.PickupReminders{ServiceDate: day.AddDate(0, 0, 1)},
			jobargs.RecurringPickups{ServiceDate: day.AddDate(0, 0, 2)},
		}
	},
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: scheduler rental-cycle|daily")
		os.Exit(2)
	}
	t, ok := tasks[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown task %q\n", os.Args[1])
		os.Exit(2)
	}

	fxApp := fx.New(
		app.Logging,
		app.Core,
		app.InsertOnlyQueue,
		fx.Invoke(func(lc fx.Lifecycle, sd fx.Shutdowner, q jobargs.Enqueuer, cfg config.Config, log *slog.Logger) {
			lc.Append(fx.Hook{OnStart: func(ctx context.Context) error {
				now := time.Now().In(cfg.Location())
				for _, args := range t(now) {
					res, err := q.Insert(ctx, args, nil)
					if err != nil {
						return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
					}
					log.Info("enqueued", "kind", args.Kind(), "job", res.Job.ID, "duplicate", res.UniqueSkippedAsDuplicate)
				}
				return sd.Shutdown()
			}})
		}),
	)
	fxApp.Run()
}
