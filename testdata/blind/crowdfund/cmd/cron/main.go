// Command cron runs one scheduled task and exits. It is started by a
// Kubernetes CronJob per task:
//
//	cron close-expired   every 5 minutes
//	cron ending-soon     hourly
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/brightfund/crowdfund/internal/app"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type task func(ctx context.Context, d deps) (int, error)

type deps struct {
	fx.In

	Settlement ports.SettlementUseCase
	Notify     ports.NotificationUseCase
	Clock      ports.Clock
	Log        *slog.Logger
}

var tasks = map[string]task{
	"close-expired": func(ctx context.Context, d deps) (int, error) {
		return d.Settlement.CloseExpired(ctx, d.Clock.Now())
	},
	"ending-soon": func(ctx context.Context, d deps) (int, error) {
		return d.Notify.QueueEndingSoon(ctx, d.Clock.Now())
	},
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <close-expired|ending-soon>")
		os.Exit(2)
	}
	name := os.Args[1]
	run, ok := tasks[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown task %q\n", name)
		os.Exit(2)
	}

	var exit int
	fx.New(
		app.Base,
		app.InsertOnly,
		app.Storage,
		app.Providers,
		app.Services,
		fx.Invoke(func(lc fx.Lifecycle, sd fx.Shutdowner, d deps) {
			lc.Append(fx.Hook{OnStart: func(context.Context) error {
				go func() {
					ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
					defer cancel()
					n, err := run(ctx, d)
					if err != nil {
						d.Log.Error("task failed", "task", name, "done", n, "err", err)
						exit = 1
					} else {
						d.Log.Info("task finished", "task", name, "done", n)
					}
					_ = sd.Shutdown(fx.ExitCode(exit))
				}()
				return nil
			}})
		}),
	).Run()
	os.Exit(exit)
}
