package events

import (
	"context"
	stdsql "database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wmsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Schema and offsets adapters shared by every publisher and subscriber so the
// table layout never drifts between binaries.
var (
	schemaAdapter  = wmsql.DefaultPostgreSQLSchema{SubscribeBatchSize: 10}
	offsetsAdapter = wmsql.DefaultPostgreSQLOffsetsAdapter{}
)

// NewSQLPublisher returns a publisher writing to the topic tables through the
// connection pool (autocommit).
func NewSQLPublisher(db *stdsql.DB, logger watermill.LoggerAdapter) (message.Publisher, error) {
	return wmsql.NewPublisher(wmsql.BeginnerFromStdSQL(db), wmsql.PublisherConfig{
		SchemaAdapter: schemaAdapter,
	}, logger)
}

// NewSQLSubscriber returns a subscriber for one consumer group.
func NewSQLSubscriber(db *stdsql.DB, consumerGroup string, ackDeadline time.Duration, logger watermill.LoggerAdapter) (message.Subscriber, error) {
	return wmsql.NewSubscriber(wmsql.BeginnerFromStdSQL(db), wmsql.SubscriberConfig{
		ConsumerGroup:    consumerGroup,
		SchemaAdapter:    schemaAdapter,
		OffsetsAdapter:   offsetsAdapter,
		AckDeadline:      &ackDeadline,
		PollInterval:     500 * time.Millisecond,
		ResendInterval:   2 * time.Second,
		InitializeSchema: true,
	}, logger)
}

// EnsureTopics creates the message and offset tables for every topic. The
// API and the nightly jobs publish inside transactions, where watermill
// refuses to create tables, so this runs at start-up.
func EnsureTopics(db *stdsql.DB, logger watermill.LoggerAdapter) error {
	sub, err := NewSQLSubscriber(db, "schema-init", 30*time.Second, logger)
	if err != nil {
		return err
	}
	defer sub.Close()
	initializer, ok := sub.(message.SubscribeInitializer)
	if !ok {
		return errors.New("sql subscriber cannot initialise topics")
	}
	for _, topic := range AllTopics {
		if err := initializer.SubscribeInitialize(topic); err != nil {
			return fmt.Errorf("init topic %s: %w", topic, err)
		}
	}
	return nil
}

// messageNamespace scopes name-based message ids.
var messageNamespace = uuid.MustParse("b0f4c7a2-51d3-4e8e-9a61-2c5d8e7f1a90")

// DerivedID returns a stable message id for the given parts. Watermill's
// Postgres schema stores ids as VARCHAR(36), so natural keys are folded
// into a name-based UUID.
func DerivedID(parts ...string) string {
	return uuid.NewSHA1(messageNamespace, []byte(strings.Join(parts, "/"))).String()
}

// NewMessage marshals payload into a watermill message with the given id.
func NewMessage(ctx context.Context, id string, payload any) (*message.Message, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("marshal %T: %w", payload, err)
	}
	msg := message.NewMessage(id, body)
	msg.SetContext(ctx)
	msg.Metadata.Set("content_type", "application/json")
	msg.Metadata.Set("event_type", fmt.Sprintf("%T", payload))
	return msg, nil
}

// Decode unmarshals a message payload.
func Decode[T any](msg *message.Message) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Payload, &v); err != nil {
		return v, fmt.Errorf("decode %s: %w", msg.UUID, err)
	}
	return v, nil
}

// Bus publishes events through a long-lived publisher. Each call gets a new
// message id.
type Bus struct {
	pub   message.Publisher
	newID func() string
}

// NewBus wraps a watermill publisher.
func NewBus(pub message.Publisher) *Bus {
	return &Bus{pub: pub, newID: watermill.NewUUID}
}

// Publish sends payload on topic.
func (b *Bus) Publish(ctx context.Context, topic string, payload any) error {
	msg, err := NewMessage(ctx, b.newID(), payload)
	if err != nil {
		return err
	}
	return b.pub.Publish(topic, msg)
}

// PublishInTx writes the event into the topic table using the caller's open
// gorm transaction, so the event exists if and only if the transaction
// commits. msgID should be derived from whatever makes the event unique.
func PublishInTx(ctx context.Context, tx *gorm.DB, topic, msgID string, payload any) error {
	sqlTx, ok := tx.Statement.ConnPool.(*stdsql.Tx)
	if !ok {
		return errors.New("events: PublishInTx needs a gorm transaction")
	}
	pub, err := wmsql.NewPublisher(wmsql.TxFromStdSQL(sqlTx), wmsql.PublisherConfig{
		SchemaAdapter: schemaAdapter,
	}, watermill.NopLogger{})
	if err != nil {
		return err
	}
	msg, err := NewMessage(ctx, msgID, payload)
	if err != nil {
		return err
	}
	return pub.Publish(topic, msg)
}
