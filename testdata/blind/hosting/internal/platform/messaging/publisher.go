package messaging

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Envelope is what every domain event carries on the wire.
type Envelope struct {
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
}

// EventPublisher publishes JSON domain events.
type EventPublisher struct {
	pub message.Publisher
}

// NewEventPublisher wraps a Watermill publisher.
func NewEventPublisher(pub message.Publisher) *EventPublisher {
	return &EventPublisher{pub: pub}
}

// PublishOption adjusts an outgoing message.
type PublishOption func(*message.Message)

// WithMessageID sets the Watermill message UUID. Consumers use it as the
// event id, so it should be derived from the thing the event describes.
func WithMessageID(id string) PublishOption {
	return func(m *message.Message) { m.UUID = id }
}

// WithPartitionKey keeps events for one aggregate on one partition.
func WithPartitionKey(key string) PublishOption {
	return func(m *message.Message) { m.Metadata.Set(MetadataPartitionKey, key) }
}

// Publish marshals payload and sends it to topic.
func (p *EventPublisher) Publish(ctx context.Context, topic string, payload any, opts ...PublishOption) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", topic, err)
	}
	msg := message.NewMessage(watermill.NewUUID(), body)
	msg.SetContext(ctx)
	msg.Metadata.Set("event_type", topic)
	if cid := middleware.MessageCorrelationID(msg); cid == "" {
		middleware.SetCorrelationID(watermill.NewShortUUID(), msg)
	}
	for _, opt := range opts {
		opt(msg)
	}
	return p.pub.Publish(topic, msg)
}

// Close releases the underlying publisher.
func (p *EventPublisher) Close() error { return p.pub.Close() }
