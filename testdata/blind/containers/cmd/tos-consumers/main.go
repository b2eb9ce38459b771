// Command tos-consumers consumes the gate automation and reefer monitoring
// Kafka topics.
package main

import (
	"context"
	"log/slog"
	"sync"

	"go.uber.org/fx"

	"github.com/quaymark/terminal-ops/internal/app"
	"github.com/quaymark/terminal-ops/internal/config"
	"github.com/quaymark/terminal-ops/internal/events/dispatch"
	"github.com/quaymark/terminal-ops/internal/events/gateevents"
	"github.com/quaymark/terminal-ops/internal/events/reeferevents"
	"github.com/quaymark/terminal-ops/internal/kafkaconsumer"
	"github.com/quaymark/terminal-ops/internal/service/gate"
	"github.com/quaymark/terminal-ops/internal/service/reefer"
)

func main() {
	fx.New(options()).Run()
}

func options() fx.Option {
	return fx.Options(
		app.Core,
		app.Repositories,
		fx.Provide(
			fx.Annotate(gate.NewService, fx.As(new(gateevents.Service))),
			fx.Annotate(reefer.NewService, fx.As(new(reeferevents.Service))),
			fx.Annotate(gateevents.NewDispatcher, fx.ResultTags(`name:"gate"`)),
			fx.Annotate(reeferevents.NewDispatcher, fx.ResultTags(`name:"reefer"`)),
		),
		fx.Invoke(fx.Annotate(runConsumers, fx.ParamTags(``, ``, ``, `name:"gate"`, `name:"reefer"`))),
	)
}

func runConsumers(lc fx.Lifecycle, sd fx.Shutdowner, cfg *config.Config, gateD, reeferD *dispatch.Dispatcher) {
	consumers := []*kafkaconsumer.Consumer{
		kafkaconsumer.New(cfg, cfg.GateTopic, gateD),
		kafkaconsumer.New(cfg, cfg.ReeferTopic, reeferD),
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			for _, c := range consumers {
				wg.Add(1)
				go func(c *kafkaconsumer.Consumer) {
					defer wg.Done()
					if err := c.Run(ctx); err != nil {
						// Exit so the orchestrator restarts us and the group
						// redelivers from the last committed offset.
						slog.Error("consumer stopped", "err", err)
						_ = sd.Shutdown(fx.ExitCode(1))
					}
				}(c)
			}
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			wg.Wait()
			for _, c := range consumers {
				_ = c.Close()
			}
			return nil
		},
	})
}
