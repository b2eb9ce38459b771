// Command billing-cron runs the monthly surcharge invoice run. It is scheduled
// as a Kubernetes CronJob on the 2nd of each month; a failed job is restarted
// by the Job controller.
package main

import (
	"context"
	"flag"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/skyhop-logistics/dronedelivery/internal/app"
	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
)

func main() {
	period := flag.String("period", "", "billing period YYYY-MM (default: previous month)")
	flag.Parse()

	fx.New(
		app.Core,
		app.Providers,
		app.Services,
		app.CommandsModule,
		fx.Supply(runPeriod(*period)),
		fx.Invoke(run),
		fx.StartTimeout(time.Minute),
	).Run()
}

type runPeriod string

func run(lc fx.Lifecycle, sd fx.Shutdowner, log *slog.Logger, cmds *app.Commands, p runPeriod) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer cancel()
				period := string(p)
				if period == "" {
					period = billing.PreviousPeriod(time.Now())
				}
				sum, err := cmds.RunBilling.Handle(ctx, billing.RunCmd{Period: period})
				code := 0
				switch {
				case err != nil:
					log.Error("billing run aborted", "period", period, "err", err)
					code = 1
				case sum.Failed > 0:
					log.Warn("billing run finished with failures", "summary", sum)
					code = 2
				default:
					log.Info("billing run finished", "summary", sum)
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
