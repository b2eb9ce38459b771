// Package rabbit wraps amqp091-go with a publisher and a routing-key dispatcher.
package rabbit

import (
	"context"
	"fmt"
	"sync"

	amqp "github.com/rabbitmq/amqp091-go"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/config"
)

// Connection owns the AMQP connection and hands out channels.
type Connection struct {
	url      string
	exchange string
	prefetch int
	log      *zap.Logger

	mu   sync.Mutex
	conn *amqp.Connection
}

// NewConnection builds a lazily-dialled connection and closes it on stop.
func NewConnection(lc fx.Lifecycle, cfg *config.Config, log *zap.Logger) *Connection {
	c := &Connection{url: cfg.AMQPURL, exchange: cfg.Exchange, prefetch: cfg.Prefetch, log: log}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return c.Close() }})
	return c
}

// Exchange is the topic exchange all events are published to.
func (c *Connection) Exchange() string { return c.exchange }

// Channel returns a fresh channel, dialling if needed.
func (c *Connection) Channel() (*amqp.Channel, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conn == nil || c.conn.IsClosed() {
		conn, err := amqp.Dial(c.url)
		if err != nil {
			return nil, fmt.Errorf("amqp dial: %w", err)
		}
		c.conn = conn
	}
	ch, err := c.conn.Channel()
	if err != nil {
		return nil, fmt.Errorf("amqp channel: %w", err)
	}
	return ch, nil
}

// DeclareTopology declares the exchange, the queue and its bindings.
func (c *Connection) DeclareTopology(ch *amqp.Channel, queue string, keys []string) error {
	if err := ch.ExchangeDeclare(c.exchange, amqp.ExchangeTopic, true, false, false, false, nil); err != nil {
		return fmt.Errorf("declare exchange: %w", err)
	}
	args := amqp.Table{"x-dead-letter-exchange": c.exchange + ".dlx"}
	if _, err := ch.QueueDeclare(queue, true, false, false, false, args); err != nil {
		return fmt.Errorf("declare queue %s: %w", queue, err)
	}
	for _, k := range keys {
		if err := ch.QueueBind(queue, k, c.exchange, false, nil); err != nil {
			return fmt.Errorf("bind %s to %s: %w", queue, k, err)
		}
	}
	return nil
}

// Close shuts the connection down.
func (c *Connection) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conn != nil && !c.conn.IsClosed() {
		return c.conn.Close()
	}
	return nil
}
