// Command edi-dispatcher drains the outbound EDI queue into the partner
// gateway.
package main

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"github.com/quaymark/terminal-ops/internal/app"
	"github.com/quaymark/terminal-ops/internal/config"
	"github.com/quaymark/terminal-ops/internal/queue/ediqueue"
	"github.com/quaymark/terminal-ops/internal/service/edi"
)

func main() {
	fx.New(options()).Run()
}

func options() fx.Option {
	return fx.Options(
		app.Core,
		app.Repositories,
		app.Providers,
		fx.Provide(edi.NewDelivery, newPoller),
		fx.Invoke(run),
	)
}

func newPoller(api ediqueue.SQSAPI, cfg *config.Config, d *edi.Delivery) *ediqueue.Poller {
	return ediqueue.NewPoller(api, cfg, d.Handle)
}

func run(lc fx.Lifecycle, p *ediqueue.Poller) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				if err := p.Run(ctx); err != nil {
					slog.Error("edi poller", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(stop context.Context) error {
			cancel()
			select {
			case <-done:
			case <-stop.Done():
			}
			return nil
		},
	})
}
