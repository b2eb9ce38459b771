// Package natsbus publishes and consumes domain events on NATS JetStream.
package natsbus

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/config"
)

// Connect opens the NATS connection and makes sure the stream exists.
func Connect(lc fx.Lifecycle, cfg config.Config, log *slog.Logger) (jetstream.JetStream, error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("velvetchair-salon"),
		nats.MaxReconnects(-1),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn("nats disconnected", "err", err)
			}
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("nats connect: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
				Name:       cfg.NATSStream,
				Subjects:   []string{"salon.>"},
				Storage:    jetstream.FileStorage,
				Duplicates: cfg.NATSDuplicates,
				MaxAge:     0,
			})
			return err
		},
		OnStop: func(context.Context) error { return nc.Drain() },
	})
	return js, nil
}
