// Package consumers runs the watermill handlers that react to integration
// events: payment settlement and failure, vendor completions, new
// maintenance requests, confirmed reservations and notice requests.
package consumers

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/config"
)

// Route binds one handler to one topic.
type Route struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// decode adapts a typed handler to a watermill handler. Payloads that do not
// decode are logged and acked: redelivering them cannot help.
func decode[T any](log *slog.Logger, fn func(ctx context.Context, msg *message.Message, payload T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var payload T
		if err := json.Unmarshal(msg.Payload, &payload); err != nil {
			log.Error("dropping undecodable message", "message_id", msg.UUID, "err", err)
			return nil
		}
		return fn(msg.Context(), msg, payload)
	}
}

// NewSubscriber builds the PostgreSQL subscriber shared by all routes.
func NewSubscriber(db *sqlx.DB, cfg config.Config, logger watermill.LoggerAdapter) (message.Subscriber, error) {
	ack := 2 * time.Minute
	return wsql.NewSubscriber(wsql.BeginnerFromStdSQL(db.DB), wsql.SubscriberConfig{
		ConsumerGroup:    cfg.ConsumerName,
		SchemaAdapter:    wsql.DefaultPostgreSQLSchema{},
		OffsetsAdapter:   wsql.DefaultPostgreSQLOffsetsAdapter{},
		InitializeSchema: true,
		AckDeadline:      &ack,
		PollInterval:     500 * time.Millisecond,
		ResendInterval:   5 * time.Second,
	}, logger)
}

// RouterParams are the router's dependencies.
type RouterParams struct {
	fx.In

	Lifecycle  fx.Lifecycle
	Subscriber message.Subscriber
	Logger     watermill.LoggerAdapter
	Routes     []Route `group:"routes"`
}

// NewRouter builds the watermill router: recover panics, retry failed
// handlers with backoff, then nack so the subscriber redelivers.
func NewRouter(p RouterParams) (*message.Router, error) {
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, p.Logger)
	if err != nil {
		return nil, err
	}
	router.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     30 * time.Second,
			Multiplier:      2,
			Logger:          p.Logger,
		}.Middleware,
		middleware.Recoverer,
	)
	for _, rt := range p.Routes {
		router.AddConsumerHandler(rt.Name, rt.Topic, p.Subscriber, rt.Handler)
	}

	ctx, cancel := context.WithCancel(context.Background())
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := router.Run(ctx); err != nil {
					p.Logger.Error("router stopped", err, nil)
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			if err := router.Close(); err != nil {
				return fmt.Errorf("close router: %w", err)
			}
			return nil
		},
	})
	return router, nil
}
