// Package amqpsub consumes domain events from RabbitMQ with watermill. Each
// subscription gets its own durable queue bound to the events exchange;
// a handler error nacks the message and RabbitMQ redelivers it.
package amqpsub

import (
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-amqp/v3/pkg/amqp"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Config locates the broker.
type Config struct {
	URI         string
	Exchange    string
	QueuePrefix string
}

// Subscription is one row of the consumer registration table.
type Subscription struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// NewPublisher builds the AMQP publisher for the events exchange.
func NewPublisher(cfg Config, logger watermill.LoggerAdapter) (*amqp.Publisher, error) {
	return amqp.NewPublisher(amqp.NewDurableTopicConfig(cfg.URI, cfg.Exchange, ""), logger)
}

// NewRouter builds a watermill router with one AMQP subscriber per
// subscription.
func NewRouter(cfg Config, logger watermill.LoggerAdapter, subs []Subscription) (*message.Router, error) {
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	router.AddMiddleware(
		middleware.Recoverer,
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      3,
			InitialInterval: 500 * time.Millisecond,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
	)
	for _, s := range subs {
		amqpCfg := amqp.NewDurableTopicConfig(cfg.URI, cfg.Exchange, cfg.QueuePrefix+"."+s.Name)
		sub, err := amqp.NewSubscriber(amqpCfg, logger)
		if err != nil {
			return nil, err
		}
		router.AddConsumerHandler(s.Name, s.Topic, sub, s.Handler)
	}
	return router, nil
}
