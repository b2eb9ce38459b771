// Command ovenline-cron runs one scheduled batch job and exits. It is
// invoked by Kubernetes CronJobs, e.g. `ovenline-cron -job standing-orders`.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/app"
	"github.com/crumbworks/ovenline/internal/fulfilment"
	"github.com/crumbworks/ovenline/internal/jobs"
	"github.com/crumbworks/ovenline/internal/platform/temporalx"
	"github.com/crumbworks/ovenline/internal/service"
)

func main() {
	name := flag.String("job", "", "job to run")
	timeout := flag.Duration("timeout", 30*time.Minute, "maximum job duration")
	flag.Parse()

	exitCode := 0
	fx.New(
		app.Base,
		app.Providers,
		temporalx.Module,
		fx.Provide(
			fx.Annotate(fulfilment.NewStarter, fx.As(new(service.FulfilmentStarter))),
			service.NewStandingOrders,
			service.NewPurchasing,
			service.NewStatements,
			service.NewCollections,
			jobs.NewRunner,
		),
		fx.Invoke(func(lc fx.Lifecycle, sd fx.Shutdowner, r *jobs.Runner, log *slog.Logger) {
			lc.Append(fx.Hook{OnStart: func(context.Context) error {
				go func() {
					ctx, cancel := context.WithTimeout(context.Background(), *timeout)
					defer cancel()
					if err := r.Run(ctx, *name); err != nil {
						log.Error("job failed", "job", *name, "err", err)
						exitCode = 1
					}
					_ = sd.Shutdown(fx.ExitCode(exitCode))
				}()
				return nil
			}})
		}),
	).Run()
	os.Exit(exitCode)
}
