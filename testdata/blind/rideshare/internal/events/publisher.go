package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Publisher publishes JSON events to JetStream. The message id is sent as
// Nats-Msg-Id so the stream drops duplicates inside its dedup window.
type Publisher struct {
	js jetstream.JetStream
}

// NewPublisher returns a Publisher.
func NewPublisher(js jetstream.JetStream) *Publisher {
	return &Publisher{js: js}
}

// Publish encodes payload and publishes it on subject with msgID.
func (p *Publisher) Publish(ctx context.Context, subject string, payload any, msgID string) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s: %w", subject, err)
	}
	if _, err := p.js.Publish(ctx, subject, data, jetstream.WithMsgID(msgID)); err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	return nil
}
