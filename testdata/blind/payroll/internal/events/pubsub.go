package events

import (
	"context"
	stdsql "database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v3/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Publisher publishes JSON-encoded domain events.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}

type sqlPublisher struct {
	pub message.Publisher
}

func NewLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log)
}

// NewSQLPublisher publishes into Postgres tables that the router polls.
func NewSQLPublisher(db *stdsql.DB, logger watermill.LoggerAdapter) (Publisher, error) {
	pub, err := wsql.NewPublisher(db, wsql.PublisherConfig{
		SchemaAdapter:        wsql.DefaultPostgreSQLSchema{},
		AutoInitializeSchema: true,
	}, logger)
	if err != nil {
		return nil, err
	}
	return &sqlPublisher{pub: pub}, nil
}

func (p *sqlPublisher) Publish(ctx context.Context, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", topic, err)
	}
	msg := message.NewMessage(watermill.NewUUID(), body)
	msg.SetContext(ctx)
	msg.Metadata.Set("published_at", time.Now().UTC().Format(time.RFC3339Nano))
	return p.pub.Publish(topic, msg)
}

func NewSQLSubscriber(db *stdsql.DB, consumerGroup string, logger watermill.LoggerAdapter) (message.Subscriber, error) {
	return wsql.NewSubscriber(db, wsql.SubscriberConfig{
		ConsumerGroup:    consumerGroup,
		SchemaAdapter:    wsql.DefaultPostgreSQLSchema{},
		OffsetsAdapter:   wsql.DefaultPostgreSQLOffsetsAdapter{},
		InitializeSchema: true,
		PollInterval:     500 * time.Millisecond,
	}, logger)
}

func NewRouter(logger watermill.LoggerAdapter) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 20 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     30 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)
	return r, nil
}
