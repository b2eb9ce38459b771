package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/loopgate/festival-cashless/internal/config"
)

// Publisher publishes JSON events. msgID is passed as Nats-Msg-Id so the
// stream drops duplicates published within its duplicate window.
type Publisher interface {
	Publish(ctx context.Context, subject, msgID string, v any) error
}

type JetStreamPublisher struct {
	js jetstream.JetStream
}

func NewPublisher(js jetstream.JetStream) *JetStreamPublisher {
	return &JetStreamPublisher{js: js}
}

func (p *JetStreamPublisher) Publish(ctx context.Context, subject, msgID string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("events: encode %s: %w", subject, err)
	}
	opts := []jetstream.PublishOpt{}
	if msgID != "" {
		opts = append(opts, jetstream.WithMsgID(msgID))
	}
	if _, err := p.js.Publish(ctx, subject, data, opts...); err != nil {
		return fmt.Errorf("events: publish %s: %w", subject, err)
	}
	return nil
}

// Connect dials NATS and returns a JetStream context. The cleanup drains
// the connection.
func Connect(cfg config.Config) (*nats.Conn, jetstream.JetStream, func(), error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("festival-cashless"),
		nats.MaxReconnects(-1),
	)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("events: connect: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, nil, fmt.Errorf("events: jetstream: %w", err)
	}
	return nc, js, func() { _ = nc.Drain() }, nil
}

// NewJetStream is the wire provider for a JetStream handle.
func NewJetStream(cfg config.Config) (jetstream.JetStream, func(), error) {
	_, js, cleanup, err := Connect(cfg)
	if err != nil {
		return nil, nil, err
	}
	return js, cleanup, nil
}
