// Package stream wraps NATS JetStream: stream provisioning, publishing and the
// pull-consumer runner that dispatches to a table of subject handlers.
package stream

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Stream names.
const (
	StreamMeters   = "METERS"
	StreamBilling  = "BILLING"
	StreamBookings = "BOOKINGS"
	StreamOps      = "OPS"
)

// Connect dials NATS and returns a JetStream handle.
func Connect(url, name string) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(url,
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("connect nats: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("jetstream: %w", err)
	}
	return nc, js, nil
}

// EnsureStreams creates or updates the streams the service reads and writes.
// The duplicate window bounds how long Nats-Msg-Id deduplication holds.
func EnsureStreams(ctx context.Context, js jetstream.JetStream) error {
	cfgs := []jetstream.StreamConfig{
		{
			Name:       StreamMeters,
			Subjects:   []string{"meters.>"},
			Retention:  jetstream.LimitsPolicy,
			MaxAge:     14 * 24 * time.Hour,
			Duplicates: 10 * time.Minute,
		},
		{
			Name:       StreamBilling,
			Subjects:   []string{"billing.>"},
			Retention:  jetstream.WorkQueuePolicy,
			Duplicates: 2 * time.Hour,
		},
		{
			Name:       StreamBookings,
			Subjects:   []string{"bookings.>"},
			Retention:  jetstream.LimitsPolicy,
			MaxAge:     30 * 24 * time.Hour,
			Duplicates: 30 * time.Minute,
		},
		{
			Name:       StreamOps,
			Subjects:   []string{"inventory.>", "training.>"},
			Retention:  jetstream.LimitsPolicy,
			MaxAge:     30 * 24 * time.Hour,
			Duplicates: 30 * time.Minute,
		},
	}
	for _, cfg := range cfgs {
		if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("ensure stream %s: %w", cfg.Name, err)
		}
	}
	return nil
}
