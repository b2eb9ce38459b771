// Package natsx connects to NATS and makes sure the service's JetStream
// stream exists.
package natsx

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/consumer"
)

// Subjects carried by the service stream.
var Subjects = []string{
	"orders.>",
	"routes.>",
	"deliveries.>",
	"kegs.>",
	"edi.>",
	"invoices.>",
	"notifications.>",
}

// Connect opens the NATS connection.
func Connect(cfg config.Config) (*nats.Conn, func(), error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("taproute"),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("nats connect: %w", err)
	}
	return nc, func() { _ = nc.Drain() }, nil
}

// NewJetStream returns a JetStream context and ensures the stream exists.
func NewJetStream(ctx context.Context, nc *nats.Conn, cfg config.Config) (jetstream.JetStream, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       cfg.NATSStream,
		Subjects:   Subjects,
		Retention:  jetstream.LimitsPolicy,
		MaxAge:     14 * 24 * time.Hour,
		Duplicates: 10 * time.Minute,
		Storage:    jetstream.FileStorage,
		Replicas:   1,
	})
	if err != nil {
		return nil, fmt.Errorf("ensure stream %s: %w", cfg.NATSStream, err)
	}
	return js, nil
}

// ProvideStreamName exposes the stream name to the consumer runner.
func ProvideStreamName(cfg config.Config) consumer.StreamName {
	return consumer.StreamName(cfg.NATSStream)
}
