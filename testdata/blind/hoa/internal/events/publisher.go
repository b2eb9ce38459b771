package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jmoiron/sqlx"

	"github.com/larchway/hoaops/internal/platform/txctx"
)

// Option adjusts an outgoing message.
type Option func(*message.Message)

// WithMessageID sets the message UUID instead of a generated one, for
// messages that have a natural identity (a provider event id, a row id).
func WithMessageID(id string) Option {
	return func(m *message.Message) { m.UUID = id }
}

// Publisher writes messages into the watermill SQL tables. When the context
// carries a unit-of-work transaction the message is written in that
// transaction, so it becomes visible to consumers only if the business
// change commits.
type Publisher struct {
	db     *sqlx.DB
	logger watermill.LoggerAdapter
	schema wsql.DefaultPostgreSQLSchema
}

// NewPublisher builds a Publisher on the shared pool.
func NewPublisher(db *sqlx.DB, logger watermill.LoggerAdapter) *Publisher {
	return &Publisher{db: db, logger: logger}
}

// Publish marshals payload as JSON and publishes it on topic.
func (p *Publisher) Publish(ctx context.Context, topic string, payload any, opts ...Option) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s payload: %w", topic, err)
	}
	msg := message.NewMessage(watermill.NewUUID(), body)
	for _, opt := range opts {
		opt(msg)
	}
	msg.SetContext(ctx)

	var exec wsql.ContextExecutor = wsql.BeginnerFromStdSQL(p.db.DB)
	if tx, ok := txctx.From(ctx); ok {
		exec = wsql.TxFromStdSQL(tx.Tx)
	}
	pub, err := wsql.NewPublisher(exec, wsql.PublisherConfig{SchemaAdapter: p.schema}, p.logger)
	if err != nil {
		return fmt.Errorf("watermill publisher: %w", err)
	}
	if err := pub.Publish(topic, msg); err != nil {
		return fmt.Errorf("publish %s: %w", topic, err)
	}
	return nil
}
