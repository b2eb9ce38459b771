package natsbus

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/core/ports"
)

// Module provides the JetStream handle and the EventPublisher port.
var Module = fx.Module("natsbus",
	fx.Provide(
		Connect,
		fx.Annotate(NewPublisher, fx.As(new(ports.EventPublisher))),
	),
)

// ConsumerModule runs the route table.
var ConsumerModule = fx.Module("natsbus.consumers",
	fx.Provide(
		fx.Annotate(
			func(d routeDeps, log *slog.Logger) []Route { return withLogging(log, Routes(d)) },
			fx.ResultTags(`group:"nats.routes,flatten"`),
		),
	),
	fx.Invoke(runConsumers),
)
