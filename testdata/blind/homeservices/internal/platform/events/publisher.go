package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, subject string, v any, opts ...PublishOption) error
}

type publishOptions struct {
	msgID string
}

// PublishOption customises a publish.
type PublishOption func(*publishOptions)

// WithMsgID sets the Nats-Msg-Id header, which the stream uses to drop
// duplicates inside its duplicate window.
func WithMsgID(id string) PublishOption {
	return func(o *publishOptions) { o.msgID = id }
}

// JetStreamPublisher publishes JSON payloads to JetStream.
type JetStreamPublisher struct {
	js jetstream.JetStream
}

// NewPublisher builds a JetStreamPublisher.
func NewPublisher(js jetstream.JetStream) *JetStreamPublisher {
	return &JetStreamPublisher{js: js}
}

// Publish implements Publisher.
func (p *JetStreamPublisher) Publish(ctx context.Context, subject string, v any, opts ...PublishOption) error {
	var o publishOptions
	for _, fn := range opts {
		fn(&o)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("events: marshal %s: %w", subject, err)
	}
	var jsOpts []jetstream.PublishOpt
	if o.msgID != "" {
		jsOpts = append(jsOpts, jetstream.WithMsgID(o.msgID))
	}
	if _, err := p.js.Publish(ctx, subject, data, jsOpts...); err != nil {
		return fmt.Errorf("events: publish %s: %w", subject, err)
	}
	return nil
}
