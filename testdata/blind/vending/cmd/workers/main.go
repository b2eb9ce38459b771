// Command workers runs the background jobs: card capture, the outbox relay
// and the automatic restock consumer.
package main

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/vendgrid/fleetops/internal/adapters/kafka"
	"github.com/vendgrid/fleetops/internal/adapters/postgres"
	"github.com/vendgrid/fleetops/internal/adapters/providers"
	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/config"
	"github.com/vendgrid/fleetops/internal/platform/logging"
	"github.com/vendgrid/fleetops/internal/platform/result"
)

func main() {
	fx.New(
		config.Module("workers"),
		logging.Module,
		postgres.Module,
		providers.CardPay,
		providers.Wholesaler,
		fx.Provide(
			func() app.Clock { return app.SystemClock{} },
			func() app.CaptureConfig { return app.CaptureConfig{BatchSize: 200} },
			app.NewCaptureService,
			app.NewRestockService,
			app.NewOutboxRelay,
			fx.Annotate(kafka.NewPublisher, fx.As(new(app.Publisher))),
			func(svc *app.RestockService, log *slog.Logger) []kafka.Subscription {
				return []kafka.Subscription{kafka.LowStockSubscription(svc, log)}
			},
		),
		fx.Invoke(
			kafka.RunSubscriptions,
			registerCapture,
			registerRelay,
		),
	).Run()
}

func registerCapture(lc fx.Lifecycle, svc *app.CaptureService, log *slog.Logger) {
	every(lc, log, "capture", 30*time.Second, func(ctx context.Context) error {
		rs, err := svc.CaptureDue(ctx)
		if err != nil {
			return err
		}
		captured, failed := result.Partition(rs)
		for _, err := range failed {
			log.WarnContext(ctx, "capture failed", "err", err)
		}
		if len(rs) > 0 {
			log.InfoContext(ctx, "capture batch", "captured", len(captured), "failed", len(failed))
		}
		return nil
	})
}

func registerRelay(lc fx.Lifecycle, relay *app.OutboxRelay, log *slog.Logger) {
	every(lc, log, "outbox-relay", time.Second, func(ctx context.Context) error {
		n, err := relay.RelayOnce(ctx)
		if n > 0 {
			log.DebugContext(ctx, "outbox relayed", "count", n)
		}
		return err
	})
}

// every runs fn on a fixed interval between OnStart and OnStop. A failing
// run is logged and the next tick tries again.
func every(lc fx.Lifecycle, log *slog.Logger, name string, interval time.Duration, fn func(context.Context) error) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				t := time.NewTicker(interval)
				defer t.Stop()
				for {
					if err := fn(ctx); err != nil && ctx.Err() == nil {
						log.ErrorContext(ctx, "periodic job failed", "job", name, "err", err)
					}
					select {
					case <-ctx.Done():
						return
					case <-t.C:
					}
				}
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
}
