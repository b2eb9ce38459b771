// Command telemetry-consumer processes the vehicle telemetry topic.
package main

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/drivewise/carsub/internal/app"
	"github.com/drivewise/carsub/internal/consumer"
	"github.com/drivewise/carsub/internal/service"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(
			fx.Annotate(service.NewTelemetryEvents, fx.As(new(consumer.EventHandler))),
			consumer.NewTelemetryConsumer,
		),
		fx.Invoke(func(lc fx.Lifecycle, sd fx.Shutdowner, log *slog.Logger, c *consumer.TelemetryConsumer) {
			app.RunLoop(lc, sd, log, "telemetry-consumer", c.Run, c.Close)
		}),
	).Run()
}
