package events

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
)

// Schema is the SQL pub/sub schema used by publishers and subscribers.
func Schema() wsql.DefaultPostgreSQLSchema {
	return wsql.DefaultPostgreSQLSchema{SubscribeBatchSize: 10}
}

// OffsetsAdapter is the offsets adapter shared by all subscribers.
func OffsetsAdapter() wsql.DefaultPostgreSQLOffsetsAdapter {
	return wsql.DefaultPostgreSQLOffsetsAdapter{}
}

// TxPublisher publishes events into the messages tables using the caller's
// transaction, so an event is visible exactly when the state change is.
type TxPublisher struct {
	logger watermill.LoggerAdapter
}

// NewTxPublisher builds a TxPublisher.
func NewTxPublisher(logger watermill.LoggerAdapter) *TxPublisher {
	if logger == nil {
		logger = watermill.NopLogger{}
	}
	return &TxPublisher{logger: logger}
}

// Publish marshals payload and inserts it on topic within tx.
func (p *TxPublisher) Publish(ctx context.Context, tx *sql.Tx, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", topic, err)
	}
	pub, err := wsql.NewPublisher(wsql.TxFromStdSQL(tx), wsql.PublisherConfig{
		SchemaAdapter: Schema(),
	}, p.logger)
	if err != nil {
		return err
	}
	msg := message.NewMessage(watermill.NewULID(), body)
	msg.Metadata.Set("topic", topic)
	msg.SetContext(ctx)
	if err := pub.Publish(topic, msg); err != nil {
		return fmt.Errorf("publish %s: %w", topic, err)
	}
	return nil
}

// Decode unmarshals a message payload into a T.
func Decode[T any](msg *message.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Payload, &v); err != nil {
		return v, fmt.Errorf("decode %s: %w", msg.UUID, err)
	}
	return v, nil
}

// Outbox publishes an event as part of a transaction.
type Outbox interface {
	Publish(ctx context.Context, tx *sql.Tx, topic string, payload any) error
}

var _ Outbox = (*TxPublisher)(nil)
