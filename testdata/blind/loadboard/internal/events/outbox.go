package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/haulgrid/loadboard/internal/store"
)

// Metadata keys set on every message.
const (
	MetaEventType     = "event_type"
	MetaCorrelationID = "correlation_id"
	MetaProducer      = "producer"
)

type correlationKey struct{}

// WithCorrelationID stores a correlation ID that the outbox copies onto
// published messages.
func WithCorrelationID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, correlationKey{}, id)
}

// CorrelationID returns the correlation ID stored in ctx, if any.
func CorrelationID(ctx context.Context) string {
	id, _ := ctx.Value(correlationKey{}).(string)
	return id
}

// Outbox publishes messages into the watermill SQL tables using the
// transaction carried in the context, so a message is stored if and only if
// the surrounding business transaction commits.
type Outbox struct {
	schema   wsql.SchemaAdapter
	logger   watermill.LoggerAdapter
	producer string
}

func NewOutbox(schema wsql.SchemaAdapter, logger watermill.LoggerAdapter) *Outbox {
	return &Outbox{schema: schema, logger: logger, producer: "loadboard-api"}
}

// Publish encodes payload as JSON and stores it on topic with the given
// message ID. It must be called inside store.Transactor.WithinTx.
func (o *Outbox) Publish(ctx context.Context, topic, messageID string, payload any) error {
	tx, err := store.SQLTx(ctx)
	if err != nil {
		return fmt.Errorf("outbox publish %s: %w", topic, err)
	}
	pub, err := wsql.NewPublisher(wsql.TxFromStdSQL(tx), wsql.PublisherConfig{SchemaAdapter: o.schema}, o.logger)
	if err != nil {
		return fmt.Errorf("outbox publisher: %w", err)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s: %w", topic, err)
	}
	msg := message.NewMessage(messageID, body)
	msg.Metadata.Set(MetaEventType, topic)
	msg.Metadata.Set(MetaProducer, o.producer)
	if cid := CorrelationID(ctx); cid != "" {
		msg.Metadata.Set(MetaCorrelationID, cid)
	}
	if err := pub.Publish(topic, msg); err != nil {
		return fmt.Errorf("outbox publish %s: %w", topic, err)
	}
	return nil
}
