// Package consumers holds the Kafka message handlers run by the events
// worker.
package consumers

import (
	"context"
	"encoding/json"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/platform/logging"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
)

// Meta carries delivery details into typed handlers.
type Meta struct {
	MessageID string
	Topic     string
}

// Registration binds a handler to a topic.
type Registration struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// Typed decodes the JSON payload into T before calling fn. Messages that
// cannot be decoded are logged and acknowledged.
func Typed[T any](name, topic string, logger *zap.Logger, m *metrics.Registry, fn func(ctx context.Context, evt T, meta Meta) error) Registration {
	log := logger.Named("consumer." + name)
	return Registration{
		Name:  name,
		Topic: topic,
		Handler: func(msg *message.Message) error {
			var evt T
			if err := json.Unmarshal(msg.Payload, &evt); err != nil {
				log.Error("dropping undecodable message", zap.String("message_id", msg.UUID), zap.Error(err))
				m.MessagesHandled.WithLabelValues(name, "undecodable").Inc()
				return nil
			}
			ctx := logging.WithLogger(msg.Context(), log.With(zap.String("message_id", msg.UUID)))
			if err := fn(ctx, evt, Meta{MessageID: msg.UUID, Topic: topic}); err != nil {
				m.MessagesHandled.WithLabelValues(name, "error").Inc()
				return err
			}
			m.MessagesHandled.WithLabelValues(name, "ok").Inc()
			return nil
		},
	}
}

// NewRouter builds the watermill router with the standard middleware stack.
// A handler error is retried in-process a few times and then nacked, so the
// message is redelivered by Kafka.
func NewRouter(logger watermill.LoggerAdapter) (*message.Router, error) {
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	router.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      4,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     10 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)
	return router, nil
}

// Register adds every registration to the router.
func Register(router *message.Router, sub message.Subscriber, regs ...Registration) {
	for _, r := range regs {
		router.AddNoPublisherHandler(r.Name, r.Topic, sub, r.Handler)
	}
}
