package events

import (
	"database/sql"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
)

// NewSubscriber builds a SQL subscriber for a consumer group.
func NewSubscriber(conn *sql.DB, group string, logger watermill.LoggerAdapter) (*wsql.Subscriber, error) {
	ack := 60 * time.Second
	return wsql.NewSubscriber(wsql.BeginnerFromStdSQL(conn), wsql.SubscriberConfig{
		ConsumerGroup:    group,
		AckDeadline:      &ack,
		PollInterval:     500 * time.Millisecond,
		ResendInterval:   5 * time.Second,
		SchemaAdapter:    Schema(),
		OffsetsAdapter:   OffsetsAdapter(),
		InitializeSchema: true,
	}, logger)
}
