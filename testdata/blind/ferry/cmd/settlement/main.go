// Command settlement closes the previous business day. It runs nightly as a
// Kubernetes CronJob (backoffLimit 3), so a failed run is started again
// from the top.
package main

import (
	"context"
	"flag"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/app"
	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/platform/logging"
	"github.com/northsound/ferrydesk/internal/platform/pgdb"
	"github.com/northsound/ferrydesk/internal/platform/queue"
	"github.com/northsound/ferrydesk/internal/provider"
	"github.com/northsound/ferrydesk/internal/store/pg"
)

type flags struct {
	date   string
	dryRun bool
}

func main() {
	var f flags
	flag.StringVar(&f.date, "date", "", "business date to settle (YYYY-MM-DD); defaults to yesterday")
	flag.BoolVar(&f.dryRun, "dry-run", false, "compute and log the journal without posting it")
	flag.Parse()

	fx.New(
		logging.Module("settlement"),
		fx.Supply(f),
		fx.Provide(config.Load),
		pgdb.Module,
		queue.Module,
		pg.Module,
		provider.Module,
		app.Module,
		fx.Invoke(schedule),
	).Run()
}

// schedule starts the run once the graph is up and shuts the app down with
// a non-zero exit code if it fails.
func schedule(lc fx.Lifecycle, sd fx.Shutdowner, s *app.Settler, f flags, log *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			day := s.PreviousBusinessDay()
			if f.date != "" {
				d, err := time.ParseInLocation(time.DateOnly, f.date, day.Location())
				if err != nil {
					return err
				}
				day = d
			}
			if f.dryRun {
				s.DryRun()
			}
			go func() {
				code := 0
				if err := s.Run(ctx, day); err != nil {
					log.Error("settlement failed", "date", day.Format(time.DateOnly), "err", err)
					code = 1
				}
				_ = sd.Shutdown(fx.ExitCode(code))
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			return nil
		},
	})
}
