package messaging

import (
	"fmt"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-amqp/v3/pkg/amqp"
	"github.com/ThreeDotsLabs/watermill/message"
)

// Broker owns the AMQP connection shared by the publisher and subscribers.
type Broker struct {
	uri    string
	conn   *amqp.ConnectionWrapper
	logger watermill.LoggerAdapter
}

// NewBroker dials RabbitMQ once; publishers and subscribers reuse the
// connection.
func NewBroker(uri string, logger watermill.LoggerAdapter) (*Broker, func(), error) {
	conn, err := amqp.NewConnection(amqp.ConnectionConfig{AmqpURI: uri}, logger)
	if err != nil {
		return nil, nil, fmt.Errorf("amqp connect: %w", err)
	}
	b := &Broker{uri: uri, conn: conn, logger: logger}
	return b, func() { _ = conn.Close() }, nil
}

// Publisher returns a fan-out publisher: every consumer group bound to a
// topic gets its own copy of the message.
func (b *Broker) Publisher() (message.Publisher, error) {
	cfg := amqp.NewDurablePubSubConfig(b.uri, nil)
	return amqp.NewPublisherWithConnection(cfg, b.logger, b.conn)
}

// SubscriberFor returns a durable subscriber whose queue is named after the
// consuming handler, so two handlers on one topic each see every message.
func (b *Broker) SubscriberFor(handlerName string) (message.Subscriber, error) {
	cfg := amqp.NewDurablePubSubConfig(b.uri, amqp.GenerateQueueNameTopicNameWithSuffix(handlerName))
	return amqp.NewSubscriberWithConnection(cfg, b.logger, b.conn)
}
