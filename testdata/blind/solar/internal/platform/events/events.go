// Package events defines the domain event envelope, the topics, and the
// transactional outbox publisher built on watermill-sql.
package events

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Topics.
const (
	TopicContractSigned   = "contract.signed"
	TopicDepositSucceeded = "deposit.succeeded"
	TopicPermitApproved   = "permit.approved"
	TopicInstallScheduled = "install.scheduled"
	TopicMilestoneReached = "milestone.reached"
	TopicInvoicePaid      = "invoice.paid"
	TopicFinancingFunded  = "financing.funded"
)

// Envelope wraps every payload published on the bus.
type Envelope struct {
	ID         uuid.UUID       `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}

// Outbox writes events into the watermill-sql tables using the transaction
// found in ctx, so the event commits or rolls back with the business change.
type Outbox struct {
	db     *sql.DB
	logger watermill.LoggerAdapter
	schema wsql.SchemaAdapter
}

// NewOutbox builds the outbox publisher.
func NewOutbox(db *sql.DB, logger watermill.LoggerAdapter) *Outbox {
	return &Outbox{db: db, logger: logger, schema: wsql.DefaultPostgreSQLSchema{}}
}

// Publish implements Publisher.
func (o *Outbox) Publish(ctx context.Context, topic string, payload any) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s payload: %w", topic, err)
	}
	env := Envelope{ID: uuid.New(), Type: topic, OccurredAt: time.Now().UTC(), Payload: raw}
	body, err := json.Marshal(env)
	if err != nil {
		return err
	}
	msg := message.NewMessage(env.ID.String(), body)
	msg.Metadata.Set("event_type", topic)

	var exec wsql.ContextExecutor
	if tx, ok := database.TxFromContext(ctx); ok {
		exec = wsql.TxFromStdSQL(tx)
	} else {
		exec = wsql.BeginnerFromStdSQL(o.db)
	}
	pub, err := wsql.NewPublisher(exec, wsql.PublisherConfig{SchemaAdapter: o.schema}, o.logger)
	if err != nil {
		return err
	}
	return pub.Publish(topic, msg)
}

// Decode unwraps a message into its envelope and typed payload.
func Decode[T any](msg *message.Message) (Envelope, T, error) {
	var env Envelope
	var payload T
	if err := json.Unmarshal(msg.Payload, &env); err != nil {
		return env, payload, fmt.Errorf("decode envelope: %w", err)
	}
	if err := json.Unmarshal(env.Payload, &payload); err != nil {
		return env, payload, fmt.Errorf("decode %s payload: %w", env.Type, err)
	}
	return env, payload, nil
}

// Handle adapts a typed handler function to a watermill handler.
func Handle[T any](fn func(ctx context.Context, env Envelope, payload T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		env, payload, err := Decode[T](msg)
		if err != nil {
			return err
		}
		return fn(msg.Context(), env, payload)
	}
}
