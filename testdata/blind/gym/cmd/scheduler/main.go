// Command scheduler enqueues recurring tasks on a fixed interval.
package main

import (
	"context"

	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/billing"
	"github.com/pulsefit/memberships/internal/classes"
	"github.com/pulsefit/memberships/internal/config"
	"github.com/pulsefit/memberships/internal/platform"
	"github.com/pulsefit/memberships/internal/scheduler"
)

func main() {
	fx.New(
		platform.Module,
		platform.Providers,
		fx.Provide(
			billing.NewService,
			classes.NewService,
			scheduler.New,
		),
		fx.Invoke(func(lc fx.Lifecycle, cfg config.Config, s *scheduler.Scheduler) {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			lc.Append(fx.Hook{
				OnStart: func(context.Context) error {
					go func() {
						defer close(done)
						s.Run(ctx, cfg.SchedulerInterval)
					}()
					return nil
				},
				OnStop: func(stopCtx context.Context) error {
					cancel()
					select {
					case <-done:
					case <-stopCtx.Done():
					}
					return nil
				},
			})
		}),
	).Run()
}
