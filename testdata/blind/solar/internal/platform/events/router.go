package events

import (
	"database/sql"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Consumer describes one handler registered on the router.
type Consumer struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// RouterConfig tunes retries for the consumer router.
type RouterConfig struct {
	MaxRetries      int
	InitialInterval time.Duration
	PollInterval    time.Duration
}

// NewRouter builds a router with the standard middleware stack and registers
// every consumer with its own consumer group.
func NewRouter(db *sql.DB, cfg RouterConfig, consumers []Consumer, logger watermill.LoggerAdapter) (*message.Router, error) {
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	router.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      cfg.MaxRetries,
			InitialInterval: cfg.InitialInterval,
			MaxInterval:     time.Minute,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)

	for _, c := range consumers {
		sub, err := wsql.NewSubscriber(wsql.BeginnerFromStdSQL(db), wsql.SubscriberConfig{
			ConsumerGroup:    c.Name,
			PollInterval:     cfg.PollInterval,
			SchemaAdapter:    wsql.DefaultPostgreSQLSchema{},
			OffsetsAdapter:   wsql.DefaultPostgreSQLOffsetsAdapter{},
			InitializeSchema: true,
		}, logger)
		if err != nil {
			return nil, err
		}
		router.AddConsumerHandler(c.Name, c.Topic, sub, c.Handler)
	}
	return router, nil
}
