package messaging

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/ThreeDotsLabs/watermill/message/router/plugin"
)

// NewRouter builds the event router with the standard middleware chain:
// panic recovery, correlation ids, logging and bounded in-process retries.
// A message that still fails is nacked and redelivered by Kafka.
func NewRouter(logger watermill.LoggerAdapter, log *slog.Logger) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	r.AddPlugin(plugin.SignalsHandler)
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.CorrelationID,
		logFailures(log),
		middleware.Retry{
			MaxRetries:      3,
			InitialInterval: 200 * time.Millisecond,
			MaxInterval:     5 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
	)
	return r, nil
}

func logFailures(log *slog.Logger) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			out, err := h(msg)
			if err != nil {
				log.Warn("event handler failed",
					"handler", message.HandlerNameFromCtx(msg.Context()),
					"message_uuid", msg.UUID,
					"error", err,
				)
			}
			return out, err
		}
	}
}

// Decode unmarshals a message payload into T.
func Decode[T any](msg *message.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Payload, &v); err != nil {
		return v, fmt.Errorf("decode %s: %w", msg.UUID, err)
	}
	return v, nil
}

// Typed adapts a function over a decoded payload into a Watermill handler.
func Typed[T any](fn func(msg *message.Message, payload T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		payload, err := Decode[T](msg)
		if err != nil {
			return err
		}
		return fn(msg, payload)
	}
}
