// Package bus publishes to and configures NATS JetStream.
package bus

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Streams the services rely on. The duplicate window bounds how long
// JetStream remembers Nats-Msg-Id values.
var Streams = []jetstream.StreamConfig{
	{Name: "PICKING", Subjects: []string{"picking.>"}, Retention: jetstream.LimitsPolicy, MaxAge: 14 * 24 * time.Hour, Duplicates: 30 * time.Minute},
	{Name: "DRIVER", Subjects: []string{"driver.>"}, Retention: jetstream.LimitsPolicy, MaxAge: 14 * 24 * time.Hour, Duplicates: 30 * time.Minute},
	{Name: "PARTNER", Subjects: []string{"partner.>"}, Retention: jetstream.LimitsPolicy, MaxAge: 7 * 24 * time.Hour, Duplicates: 30 * time.Minute},
	{Name: "ORDERS", Subjects: []string{"orders.>"}, Retention: jetstream.LimitsPolicy, MaxAge: 30 * 24 * time.Hour, Duplicates: 30 * time.Minute},
}

func Connect(url, name string) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(url,
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(2*time.Second),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("bus: connect: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("bus: jetstream: %w", err)
	}
	return nc, js, nil
}

func EnsureStreams(ctx context.Context, js jetstream.JetStream) error {
	for _, cfg := range Streams {
		if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("bus: stream %s: %w", cfg.Name, err)
		}
	}
	return nil
}

type Publisher struct {
	js jetstream.JetStream
}

func NewPublisher(js jetstream.JetStream) *Publisher { return &Publisher{js: js} }

// Publish marshals v and publishes it. A non-empty msgID is sent as
// Nats-Msg-Id, so JetStream drops a repeat within the stream's duplicate
// window.
func (p *Publisher) Publish(ctx context.Context, subject string, v any, msgID string) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("bus: encode %s: %w", subject, err)
	}
	return p.PublishRaw(ctx, subject, data, msgID)
}

func (p *Publisher) PublishRaw(ctx context.Context, subject string, data []byte, msgID string) error {
	var opts []jetstream.PublishOpt
	if msgID != "" {
		opts = append(opts, jetstream.WithMsgID(msgID))
	}
	if _, err := p.js.Publish(ctx, subject, data, opts...); err != nil {
		return fmt.Errorf("bus: publish %s: %w", subject, err)
	}
	return nil
}
