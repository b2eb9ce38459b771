package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Publisher encodes payloads as JSON watermill messages.
type Publisher struct {
	pub message.Publisher
}

// NewPublisher wraps a watermill publisher.
func NewPublisher(pub message.Publisher) *Publisher {
	return &Publisher{pub: pub}
}

type publishOptions struct {
	messageID string
}

// PublishOption customises a single Publish call.
type PublishOption func(*publishOptions)

// WithMessageID sets the watermill message UUID. Consumers that keep a
// processed-messages table key it by this value.
func WithMessageID(id string) PublishOption {
	return func(o *publishOptions) { o.messageID = id }
}

// Publish marshals payload and publishes it on topic.
func (p *Publisher) Publish(ctx context.Context, topic string, payload any, opts ...PublishOption) error {
	o := publishOptions{}
	for _, opt := range opts {
		opt(&o)
	}
	if o.messageID == "" {
		o.messageID = watermill.NewUUID()
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", topic, err)
	}
	msg := message.NewMessageWithContext(ctx, o.messageID, body)
	if cid := middleware.MessageCorrelationID(msg); cid == "" {
		middleware.SetCorrelationID(o.messageID, msg)
	}
	if err := p.pub.Publish(topic, msg); err != nil {
		return fmt.Errorf("publish %s: %w", topic, err)
	}
	return nil
}

// Decode unmarshals a message payload into T.
func Decode[T any](msg *message.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Payload, &v); err != nil {
		return v, fmt.Errorf("decode message %s: %w", msg.UUID, err)
	}
	return v, nil
}
