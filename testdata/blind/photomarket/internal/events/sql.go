package events

import (
	stdsql "database/sql"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
)

// Schema returns the schema adapter shared by publishers and subscribers.
func Schema() wsql.SchemaAdapter {
	return wsql.DefaultPostgreSQLSchema{}
}

// TxPublisher returns a publisher that writes messages inside tx, so they
// become visible to subscribers only when tx commits.
func TxPublisher(tx *stdsql.Tx, logger watermill.LoggerAdapter) (*Publisher, error) {
	pub, err := wsql.NewPublisher(wsql.TxFromStdSQL(tx), wsql.PublisherConfig{
		SchemaAdapter: Schema(),
	}, logger)
	if err != nil {
		return nil, err
	}
	return NewPublisher(pub), nil
}

// DBPublisher returns a publisher that writes messages in their own
// implicit transactions.
func DBPublisher(db *stdsql.DB, logger watermill.LoggerAdapter) (message.Publisher, error) {
	return wsql.NewPublisher(wsql.BeginnerFromStdSQL(db), wsql.PublisherConfig{
		SchemaAdapter:        Schema(),
		AutoInitializeSchema: true,
	}, logger)
}

// NewSubscriber returns a subscriber reading with its own consumer group,
// so several handlers can consume the same topic independently.
func NewSubscriber(db *stdsql.DB, consumerGroup string, logger watermill.LoggerAdapter) (message.Subscriber, error) {
	return wsql.NewSubscriber(wsql.BeginnerFromStdSQL(db), wsql.SubscriberConfig{
		ConsumerGroup:    consumerGroup,
		PollInterval:     500 * time.Millisecond,
		ResendInterval:   time.Second,
		RetryInterval:    2 * time.Second,
		SchemaAdapter:    Schema(),
		OffsetsAdapter:   wsql.DefaultPostgreSQLOffsetsAdapter{},
		InitializeSchema: true,
	}, logger)
}
