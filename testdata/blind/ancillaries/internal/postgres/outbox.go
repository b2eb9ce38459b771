package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jmoiron/sqlx"
)

// outbox publishes watermill messages into the messages table of the topic
// using the caller's transaction, so events become visible on commit.
type outbox struct {
	tx     *sqlx.Tx
	logger watermill.LoggerAdapter
}

func (o *outbox) Publish(ctx context.Context, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", topic, err)
	}
	pub, err := wsql.NewPublisher(
		wsql.TxFromStdSQL(o.tx.Tx),
		wsql.PublisherConfig{SchemaAdapter: wsql.DefaultPostgreSQLSchema{}},
		o.logger,
	)
	if err != nil {
		return fmt.Errorf("outbox: publisher: %w", err)
	}
	msg := message.NewMessage(watermill.NewUUID(), body)
	msg.Metadata.Set("topic", topic)
	if rid, ok := ctx.Value(requestIDKey{}).(string); ok && rid != "" {
		msg.Metadata.Set("request_id", rid)
	}
	if err := pub.Publish(topic, msg); err != nil {
		return fmt.Errorf("outbox: publish %s: %w", topic, err)
	}
	return nil
}

type requestIDKey struct{}

// WithRequestID annotates ctx so outbox messages carry the request ID.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}
