// Package workers wires the watermill router that processes the internal
// events written by the transactional outbox.
package workers

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Route is one subscription of the router.
type Route struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// Handle adapts a typed processor to a watermill handler: the payload is
// decoded into T and the message context is passed through.
func Handle[T any](fn func(ctx context.Context, evt T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			return fmt.Errorf("decode %s: %w", msg.UUID, err)
		}
		return fn(msg.Context(), evt)
	}
}

// RouterConfig configures NewRouter.
type RouterConfig struct {
	Subscriber   message.Subscriber
	Logger       *slog.Logger
	Routes       []Route
	MaxRetries   int
	HandlerLimit time.Duration
}

// NewRouter builds the router with retry, timeout and panic recovery.
func NewRouter(cfg RouterConfig) (*message.Router, error) {
	logger := watermill.NewSlogLogger(cfg.Logger)
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 5
	}
	if cfg.HandlerLimit == 0 {
		cfg.HandlerLimit = 2 * time.Minute
	}
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:          cfg.MaxRetries,
			InitialInterval:     500 * time.Millisecond,
			MaxInterval:         30 * time.Second,
			Multiplier:          2,
			RandomizationFactor: 0.2,
			Logger:              logger,
			ResetContextOnRetry: true,
		}.Middleware,
		middleware.Timeout(cfg.HandlerLimit),
	)
	for _, rt := range cfg.Routes {
		r.AddConsumerHandler(rt.Name, rt.Topic, cfg.Subscriber, rt.Handler)
	}
	return r, nil
}
