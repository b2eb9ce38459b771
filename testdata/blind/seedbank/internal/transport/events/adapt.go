// Package events hosts the broker consumers. Each consumer is registered on
// the watermill router from a Registrations table; a handler that returns an
// error is retried in-process by the retry middleware and then nacked, and
// RabbitMQ redelivers the message.
package events

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/furrowline/seedbank/internal/platform/messaging"
)

// jsonHandler decodes the payload into T and calls fn with the message
// context and id.
func jsonHandler[T any](log *slog.Logger, name string, fn func(ctx context.Context, msgID string, payload T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		payload, err := messaging.Decode[T](msg)
		if err != nil {
			// A payload we cannot read will never become readable; drop it.
			log.Error("undecodable message", slog.String("handler", name), slog.String("uuid", msg.UUID), slog.Any("err", err))
			return nil
		}
		return fn(msg.Context(), msg.UUID, payload)
	}
}
