// Package worker runs the asynchronous side of Photomarket: the watermill
// router for domain events and the SQS pollers for upload and render
// notifications.
package worker

import (
	"database/sql"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"github.com/lenslane/photomarket/internal/events"
)

// Route binds a handler to a topic. Name doubles as the consumer group,
// so two routes on the same topic each see every message.
type Route struct {
	Name   string
	Topic  string
	Handle message.NoPublishHandlerFunc
}

// NewRouter builds a watermill router over the SQL pub/sub with one
// subscriber per route.
func NewRouter(db *sql.DB, logger watermill.LoggerAdapter, routes []Route) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     30 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
	)
	for _, rt := range routes {
		sub, err := events.NewSubscriber(db, rt.Name, logger)
		if err != nil {
			return nil, fmt.Errorf("subscriber %s: %w", rt.Name, err)
		}
		r.AddConsumerHandler(rt.Name, rt.Topic, sub, rt.Handle)
	}
	return r, nil
}
