// Package consumers subscribes to domain events on the SQL pub/sub. A
// message is redelivered until its handler returns nil (nack on error,
// redelivery after the ack deadline when a consumer dies).
package consumers

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"github.com/meridianlabs/labs/internal/platform/events"
)

// Route binds a handler to a topic. The handler name is also the consumer
// group, so every route sees every message of its topic.
type Route struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// on adapts a typed event handler to a watermill handler.
func on[T any](fn func(ctx context.Context, msg *message.Message, evt T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		evt, err := events.Decode[T](msg)
		if err != nil {
			return err
		}
		return fn(msg.Context(), msg, evt)
	}
}

// NewRouter builds a watermill router with one SQL subscriber per route.
func NewRouter(conn *sql.DB, routes []Route, logger *slog.Logger) (*message.Router, error) {
	wlog := watermill.NewSlogLogger(logger)
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, wlog)
	if err != nil {
		return nil, err
	}
	router.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      3,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     5 * time.Second,
			Multiplier:      2,
			Logger:          wlog,
		}.Middleware,
		middleware.Recoverer,
	)
	for _, rt := range routes {
		sub, err := events.NewSubscriber(conn, rt.Name, wlog)
		if err != nil {
			return nil, fmt.Errorf("subscriber %s: %w", rt.Name, err)
		}
		router.AddConsumerHandler(rt.Name, rt.Topic, sub, rt.Handler)
	}
	return router, nil
}
