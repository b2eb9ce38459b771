// Command doorconsumer consumes door-access events from NATS JetStream.
package main

import (
	"context"
	"log/slog"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/config"
	"github.com/pulsefit/memberships/internal/doorevents"
	"github.com/pulsefit/memberships/internal/platform"
)

func main() {
	fx.New(
		platform.Module,
		platform.Providers,
		fx.Provide(
			newNATS,
			jetstream.New,
			doorevents.NewHandlers,
			doorevents.Bindings,
			doorevents.NewRunner,
		),
		fx.Invoke(func(lc fx.Lifecycle, r *doorevents.Runner) {
			lc.Append(fx.Hook{OnStart: r.Start, OnStop: r.Stop})
		}),
	).Run()
}

func newNATS(lc fx.Lifecycle, cfg config.Config, log *slog.Logger) (*nats.Conn, error) {
	nc, err := nats.Connect(cfg.NatsURL,
		nats.Name("memberships-doorconsumer"),
		nats.MaxReconnects(-1),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
	)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return nc.Drain() }})
	return nc, nil
}
