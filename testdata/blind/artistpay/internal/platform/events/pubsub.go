package events

import (
	"context"
	stdsql "database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/platform/database"
)

// ErrNotInTransaction is returned by PublishTx when given a handle that is
// not inside db.Transaction.
var ErrNotInTransaction = errors.New("events: publish requires a transaction")

var logger watermill.LoggerAdapter = watermill.NewStdLogger(false, false)

func schemaAdapter() wsql.SchemaAdapter {
	return wsql.DefaultPostgreSQLSchema{}
}

// NewMessage encodes payload as JSON under the given message UUID.
func NewMessage[T any](id string, payload T) (*message.Message, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("events: encode: %w", err)
	}
	msg := message.NewMessage(id, body)
	msg.Metadata.Set("content-type", "application/json")
	return msg, nil
}

// PublishTx writes an event into the outbox tables as part of tx, so the
// event becomes visible to consumers only if tx commits.
func PublishTx[T any](tx *gorm.DB, topic, id string, payload T) error {
	sqlTx, ok := database.StdTx(tx)
	if !ok {
		return ErrNotInTransaction
	}
	pub, err := wsql.NewPublisher(wsql.TxFromStdSQL(sqlTx), wsql.PublisherConfig{
		SchemaAdapter: schemaAdapter(),
	}, logger)
	if err != nil {
		return err
	}
	msg, err := NewMessage(id, payload)
	if err != nil {
		return err
	}
	if ctx := tx.Statement.Context; ctx != nil {
		msg.SetContext(ctx)
	}
	return pub.Publish(topic, msg)
}

// NewSubscriber builds the SQL subscriber used by the consumers binary.
func NewSubscriber(db *stdsql.DB, cfg config.Config) (message.Subscriber, error) {
	return wsql.NewSubscriber(wsql.BeginnerFromStdSQL(db), wsql.SubscriberConfig{
		ConsumerGroup:    cfg.ConsumerGroup,
		SchemaAdapter:    schemaAdapter(),
		OffsetsAdapter:   wsql.DefaultPostgreSQLOffsetsAdapter{},
		InitializeSchema: true,
	}, logger)
}

// Decode adapts a typed handler to watermill's handler signature. The
// message UUID is passed along so handlers can record what they processed.
func Decode[T any](fn func(ctx context.Context, msgID string, ev T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var ev T
		if err := json.Unmarshal(msg.Payload, &ev); err != nil {
			return fmt.Errorf("events: decode %s: %w", msg.UUID, err)
		}
		return fn(msg.Context(), msg.UUID, ev)
	}
}

// Logger exposes the shared watermill logger.
func Logger() watermill.LoggerAdapter { return logger }
