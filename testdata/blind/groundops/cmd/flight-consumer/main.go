// Command flight-consumer applies the airline operations feed (schedule
// and movement messages) to turnarounds.
package main

import (
	"context"
	"log/slog"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/app"
	"github.com/apronworks/groundops/internal/config"
	"github.com/apronworks/groundops/internal/flightops"
	"github.com/apronworks/groundops/internal/platform/msgbus"
	"github.com/apronworks/groundops/internal/turnaround"
)

func main() {
	fx.New(
		app.Core,
		app.Partners,
		app.Services,
		fx.Provide(newRegistry, newConsumer),
		fx.Invoke(run),
	).Run()
}

func newRegistry(db *gorm.DB, svc *turnaround.Service) *msgbus.Registry {
	reg := msgbus.NewRegistry()
	flightops.Register(reg, svc, msgbus.Dedup(db))
	return reg
}

func newConsumer(cfg *config.Config, reg *msgbus.Registry) *msgbus.Consumer {
	return msgbus.NewConsumer(msgbus.ConsumerOptions{
		Brokers:   cfg.KafkaBrokers,
		GroupID:   cfg.KafkaGroupID,
		Topic:     cfg.FlightTopic,
		MaxErrors: cfg.ConsumerMaxErrors,
	}, reg)
}

// run consumes in the background. If a message keeps failing the consumer
// returns and the process shuts down; the orchestrator restarts it and the
// group resumes from the last committed offset.
func run(lc fx.Lifecycle, sd fx.Shutdowner, c *msgbus.Consumer, reg *msgbus.Registry) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			slog.Info("consuming flight movements", "types", reg.Types())
			go func() {
				defer close(done)
				if err := c.Run(ctx); err != nil {
					slog.Error("consumer stopped", "err", err)
					_ = sd.Shutdown(fx.ExitCode(1))
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			<-done
			return c.Close()
		},
	})
}
