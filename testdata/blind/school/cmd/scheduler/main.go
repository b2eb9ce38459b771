// Command scheduler plans instalment charges and reminders.
package main

import (
	"context"
	"flag"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/lingua/academy/internal/app"
	"github.com/lingua/academy/internal/schedule"
)

var (
	interval = flag.Duration("interval", time.Hour, "how often to plan")
	once     = flag.Bool("once", false, "plan once and exit")
)

func main() {
	flag.Parse()
	fx.New(
		app.Core,
		fx.Provide(schedule.NewPlanner),
		fx.Invoke(run),
	).Run()
}

func run(lc fx.Lifecycle, sh fx.Shutdowner, p *schedule.Planner, log *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if *once {
					if err := p.Tick(ctx); err != nil {
						log.Error("plan", "err", err)
						_ = sh.Shutdown(fx.ExitCode(1))
						return
					}
					_ = sh.Shutdown()
					return
				}
				p.Run(ctx, *interval)
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			return nil
		},
	})
}
