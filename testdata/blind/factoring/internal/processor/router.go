package processor

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

// PoisonTopic receives messages whose handler kept failing after retries.
const PoisonTopic = "events.poison"

// Route binds one handler to one topic.
type Route struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// consume adapts a typed event handler to watermill. The handler receives
// the message UUID, which is the outbox event ID.
func consume[E any](fn func(ctx context.Context, messageID string, ev E) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var ev E
		if err := json.Unmarshal(msg.Payload, &ev); err != nil {
			return fmt.Errorf("decode %T: %w", ev, err)
		}
		return fn(msg.Context(), msg.UUID, ev)
	}
}

// consumeEvent adapts a handler that does not need the message ID.
func consumeEvent[E any](fn func(ctx context.Context, ev E) error) message.NoPublishHandlerFunc {
	return consume(func(ctx context.Context, _ string, ev E) error { return fn(ctx, ev) })
}

// NewPubSub returns the in-process pub/sub shared by the relay and router.
// Publish blocks until the consumer acked, which keeps the relay from
// marking an event published before it was handled.
func NewPubSub(logger watermill.LoggerAdapter) *gochannel.GoChannel {
	return gochannel.NewGoChannel(gochannel.Config{
		OutputChannelBuffer:            64,
		BlockPublishUntilSubscriberAck: true,
	}, logger)
}

func NewWatermillLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log.With("component", "watermill"))
}

// NewRouter builds the watermill router with the standard middleware stack
// and every route in the table.
func NewRouter(logger watermill.LoggerAdapter, pubsub *gochannel.GoChannel, routes []Route) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 20 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	poison, err := middleware.PoisonQueue(pubsub, PoisonTopic)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.CorrelationID,
		poison,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     30 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)
	for _, rt := range routes {
		r.AddConsumerHandler(rt.Name, rt.Topic, pubsub, rt.Handler)
	}
	return r, nil
}
