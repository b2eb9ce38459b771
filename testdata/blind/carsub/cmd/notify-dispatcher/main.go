// Command notify-dispatcher delivers queued customer notifications.
package main

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/drivewise/carsub/internal/app"
	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/service"
)

func dispatchLoop(d *service.NotificationDispatcher, every time.Duration, log *slog.Logger) app.Loop {
	return func(ctx context.Context) error {
		ticker := time.NewTicker(every)
		defer ticker.Stop()
		for {
			for {
				sent, err := d.RunOnce(ctx)
				if err != nil {
					log.Error("dispatch batch", "err", err)
					break
				}
				if sent < d.BatchSize {
					break
				}
			}
			select {
			case <-ctx.Done():
				return nil
			case <-ticker.C:
			}
		}
	}
}

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(service.NewNotificationDispatcher),
		fx.Invoke(func(lc fx.Lifecycle, sd fx.Shutdowner, cfg *config.Config, log *slog.Logger, d *service.NotificationDispatcher) {
			app.RunLoop(lc, sd, log, "notify-dispatcher", dispatchLoop(d, cfg.DispatchInterval, log))
		}),
	).Run()
}
