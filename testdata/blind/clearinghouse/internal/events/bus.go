// Package events carries internal domain events between services over a
// watermill GoChannel pub/sub.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

// Bus wraps the GoChannel pub/sub.
type Bus struct {
	pubsub *gochannel.GoChannel
	logger watermill.LoggerAdapter
}

// NewBus builds the in-process pub/sub. Messages are persisted in memory
// so that subscribers that attach after a publish still receive it.
func NewBus(log *slog.Logger) *Bus {
	logger := watermill.NewSlogLogger(log)
	return &Bus{
		pubsub: gochannel.NewGoChannel(gochannel.Config{
			OutputChannelBuffer:            256,
			BlockPublishUntilSubscriberAck: false,
		}, logger),
		logger: logger,
	}
}

// Publish marshals payload as JSON and publishes it on topic.
func (b *Bus) Publish(_ context.Context, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", topic, err)
	}
	msg := message.NewMessage(watermill.NewUUID(), body)
	msg.Metadata.Set("published_at", time.Now().UTC().Format(time.RFC3339Nano))
	return b.pubsub.Publish(topic, msg)
}

// Subscriber exposes the subscriber side to the router.
func (b *Bus) Subscriber() message.Subscriber { return b.pubsub }

// NewRouter builds a router with retry and panic recovery. A handler that
// still fails after the retries is nacked and redelivered by GoChannel.
func (b *Bus) NewRouter() (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, b.logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 200 * time.Millisecond,
			MaxInterval:     10 * time.Second,
			Multiplier:      2,
			Logger:          b.logger,
		}.Middleware,
	)
	return r, nil
}

// Close closes the pub/sub.
func (b *Bus) Close() error { return b.pubsub.Close() }
