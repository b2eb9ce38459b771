package stream

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Publisher publishes JSON events to JetStream and waits for the stream ack.
type Publisher struct {
	js    jetstream.JetStream
	newID func() string
}

// NewPublisher returns a Publisher. newID names messages that are published
// without an explicit id.
func NewPublisher(js jetstream.JetStream, newID func() string) *Publisher {
	return &Publisher{js: js, newID: newID}
}

// Publish sends v on subject. Every message carries a Nats-Msg-Id so that the
// stream can drop duplicates produced by the client library's own reconnects.
func (p *Publisher) Publish(ctx context.Context, subject string, v any) error {
	return p.publish(ctx, subject, v, jetstream.WithMsgID(p.newID()))
}

// PublishWithID sends v on subject with msgID as the Nats-Msg-Id. Publishing
// again with the same msgID inside the stream's duplicate window is a no-op.
func (p *Publisher) PublishWithID(ctx context.Context, subject, msgID string, v any) error {
	if msgID == "" {
		return fmt.Errorf("publish %s: empty message id", subject)
	}
	return p.publish(ctx, subject, v, jetstream.WithMsgID(msgID))
}

func (p *Publisher) publish(ctx context.Context, subject string, v any, opts ...jetstream.PublishOpt) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", subject, err)
	}
	ack, err := p.js.Publish(ctx, subject, data, opts...)
	if err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	if ack.Duplicate {
		return nil
	}
	return nil
}
