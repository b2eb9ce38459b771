// Package worker runs the watermill router that reacts to domain events
// relayed from the outbox.
package worker

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

// Route binds a handler to a topic. Handler names must be unique.
type Route struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// NewPubSub returns the in-process pub/sub shared by the outbox relay and
// the router. Publish blocks until every subscriber acked, so the relay
// marks an outbox row published only after all handlers finished it.
func NewPubSub(logger watermill.LoggerAdapter) *gochannel.GoChannel {
	return gochannel.NewGoChannel(gochannel.Config{
		OutputChannelBuffer:            64,
		BlockPublishUntilSubscriberAck: true,
	}, logger)
}

// NewRouter registers every route on a router with retry and panic
// recovery. A handler that still fails after the retries nacks the message
// and GoChannel redelivers it.
func NewRouter(logger watermill.LoggerAdapter, sub message.Subscriber, routes []Route) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     15 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)
	for _, rt := range routes {
		r.AddNoPublisherHandler(rt.Name, rt.Topic, sub, rt.Handler)
	}
	return r, nil
}

// decode adapts a typed handler to watermill. Payloads that do not decode
// are logged and acked: redelivering them cannot succeed.
func decode[T any](log *slog.Logger, fn func(ctx context.Context, msg *message.Message, evt T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			log.Error("dropping undecodable event", "message_uuid", msg.UUID, "err", err)
			return nil
		}
		return fn(msg.Context(), msg, evt)
	}
}

// typed is decode for handlers that do not need the message itself.
func typed[T any](log *slog.Logger, fn func(ctx context.Context, evt T) error) message.NoPublishHandlerFunc {
	return decode(log, func(ctx context.Context, _ *message.Message, evt T) error {
		return fn(ctx, evt)
	})
}
