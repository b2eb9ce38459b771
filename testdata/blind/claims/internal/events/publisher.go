package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Publisher publishes one domain event.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...PublishOption) error
}

type publishConfig struct {
	messageID     string
	correlationID string
	metadata      map[string]string
}

// PublishOption customises a Publish call.
type PublishOption func(*publishConfig)

// WithMessageID sets the watermill message UUID (carried in the AMQP
// headers and seen again on redelivery).
func WithMessageID(id string) PublishOption {
	return func(c *publishConfig) { c.messageID = id }
}

// WithCorrelationID propagates a correlation id for tracing.
func WithCorrelationID(id string) PublishOption {
	return func(c *publishConfig) { c.correlationID = id }
}

// WithMetadata adds a message header.
func WithMetadata(k, v string) PublishOption {
	return func(c *publishConfig) {
		if c.metadata == nil {
			c.metadata = map[string]string{}
		}
		c.metadata[k] = v
	}
}

// ErrMissingMessageID is returned when the caller did not choose a message id.
var ErrMissingMessageID = errors.New("events: message id is required")

// WatermillPublisher adapts a watermill publisher (AMQP in production).
type WatermillPublisher struct {
	pub message.Publisher
}

// NewWatermillPublisher wraps pub.
func NewWatermillPublisher(pub message.Publisher) *WatermillPublisher {
	return &WatermillPublisher{pub: pub}
}

// Publish implements Publisher. The caller picks the message UUID: outbox
// rows use their primary key.
func (p *WatermillPublisher) Publish(ctx context.Context, topic string, payload any, opts ...PublishOption) error {
	var cfg publishConfig
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.messageID == "" {
		return ErrMissingMessageID
	}
	body, ok := payload.([]byte)
	if !ok {
		var err error
		if body, err = json.Marshal(payload); err != nil {
			return fmt.Errorf("events: marshal %s: %w", topic, err)
		}
	}
	msg := message.NewMessage(cfg.messageID, body)
	msg.SetContext(ctx)
	for k, v := range cfg.metadata {
		msg.Metadata.Set(k, v)
	}
	if cfg.correlationID != "" {
		middleware.SetCorrelationID(cfg.correlationID, msg)
	}
	return p.pub.Publish(topic, msg)
}

var _ Publisher = (*WatermillPublisher)(nil)
