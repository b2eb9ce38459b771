// Command scheduler runs one scheduled task and exits. It is deployed as a
// set of Kubernetes CronJobs, one per task:
//
//	scheduler -task schedule-payouts   (Mondays 06:00 UTC)
//	scheduler -task sweep-dispatch     (every 5 minutes)
//	scheduler -task migrate            (pre-deploy hook)
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/app"
	"github.com/dinein/platform/internal/scheduler"
)

func main() {
	task := flag.String("task", "", "task to run")
	timeout := flag.Duration("timeout", 10*time.Minute, "task timeout")
	flag.Parse()

	var runErr error
	fxApp := fx.New(
		app.Base,
		app.Repositories,
		app.Providers,
		app.Queue,
		app.Services,
		fx.Provide(scheduler.Tasks),
		fx.Invoke(func(lc fx.Lifecycle, sd fx.Shutdowner, tasks map[string]scheduler.Task, log *zap.Logger) {
			lc.Append(fx.Hook{OnStart: func(context.Context) error {
				run, ok := tasks[*task]
				if !ok {
					return fmt.Errorf("unknown task %q (have: %s)", *task, strings.Join(scheduler.Names(tasks), ", "))
				}
				go func() {
					ctx, cancel := context.WithTimeout(context.Background(), *timeout)
					defer cancel()
					runErr = run(ctx)
					if runErr != nil {
						log.Error("task failed", zap.String("task", *task), zap.Error(runErr))
					}
					_ = sd.Shutdown()
				}()
				return nil
			}})
		}),
	)
	fxApp.Run()
	if fxApp.Err() != nil || runErr != nil {
		os.Exit(1)
	}
}
