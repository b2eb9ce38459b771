// Package natsx connects to NATS and exposes the JetStream API.
package natsx

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/config"
)

// DeliveriesStream is the stream holding delivery events.
const DeliveriesStream = "DELIVERIES"

// Connect opens the NATS connection and drains it on shutdown.
func Connect(lc fx.Lifecycle, cfg config.Config) (*nats.Conn, error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("ovenline"),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("natsx: connect: %w", err)
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return nc.Drain() }})
	return nc, nil
}

// JetStream returns the JetStream API for the connection.
func JetStream(nc *nats.Conn) (jetstream.JetStream, error) {
	return jetstream.New(nc)
}

// EnsureStreams creates or updates the streams Ovenline publishes to.
func EnsureStreams(ctx context.Context, js jetstream.JetStream) error {
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        DeliveriesStream,
		Description: "Van dispatch, proof of delivery, shortages and crate returns",
		Subjects:    []string{"delivery.>"},
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.LimitsPolicy,
		MaxAge:      30 * 24 * time.Hour,
		Duplicates:  10 * time.Minute,
		Replicas:    3,
	})
	if err != nil {
		return fmt.Errorf("natsx: ensure %s: %w", DeliveriesStream, err)
	}
	return nil
}

// Module provides the NATS connection and JetStream.
var Module = fx.Module("nats",
	fx.Provide(Connect, JetStream),
	fx.Invoke(func(lc fx.Lifecycle, js jetstream.JetStream) {
		lc.Append(fx.Hook{OnStart: func(ctx context.Context) error { return EnsureStreams(ctx, js) }})
	}),
)
