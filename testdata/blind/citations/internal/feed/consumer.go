// Package feed consumes the camera vendors' live violation feed from
// RabbitMQ. Each vendor publishes to the "vendor.events" topic exchange;
// we bind one durable queue with manual acks.
package feed

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/harborcity/citeproc/internal/service"
)

// HandlerFunc handles one delivery. Returning nil acks it; a permanent
// error rejects it to the dead-letter exchange; anything else requeues it.
type HandlerFunc func(ctx context.Context, d amqp.Delivery) error

// Config describes the broker topology.
type Config struct {
	URL        string
	Exchange   string
	Queue      string
	DeadLetter string
	Prefetch   int
}

// Consumer owns the connection and dispatches by routing key.
type Consumer struct {
	cfg    Config
	routes map[string]HandlerFunc
	log    *slog.Logger
}

func NewConsumer(cfg Config, routes map[string]HandlerFunc, log *slog.Logger) *Consumer {
	if cfg.Prefetch == 0 {
		cfg.Prefetch = 16
	}
	return &Consumer{cfg: cfg, routes: routes, log: log}
}

// Run consumes until ctx is cancelled, reconnecting with backoff.
func (c *Consumer) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		err := retry.Do(func() error { return c.session(ctx) },
			retry.Context(ctx),
			retry.Attempts(0),
			retry.Delay(time.Second),
			retry.MaxDelay(30*time.Second),
			retry.DelayType(retry.BackOffDelay),
			retry.OnRetry(func(n uint, err error) {
				c.log.Warn("feed session ended; reconnecting", "attempt", n, "err", err)
			}),
		)
		if err != nil && ctx.Err() == nil {
			c.log.Error("feed consumer stopped", "err", err)
			return err
		}
	}
	return nil
}

func (c *Consumer) session(ctx context.Context) error {
	conn, err := amqp.Dial(c.cfg.URL)
	if err != nil {
		return fmt.Errorf("dial: %w", err)
	}
	defer conn.Close()
	ch, err := conn.Channel()
	if err != nil {
		return fmt.Errorf("channel: %w", err)
	}
	defer ch.Close()

	if err := c.declare(ch); err != nil {
		return err
	}
	if err := ch.Qos(c.cfg.Prefetch, 0, false); err != nil {
		return fmt.Errorf("qos: %w", err)
	}
	deliveries, err := ch.Consume(c.cfg.Queue, "citeproc", false, false, false, false, nil)
	if err != nil {
		return fmt.Errorf("consume: %w", err)
	}
	closed := conn.NotifyClose(make(chan *amqp.Error, 1))
	c.log.Info("feed consumer connected", "queue", c.cfg.Queue)

	for {
		select {
		case <-ctx.Done():
			return nil
		case amqpErr := <-closed:
			return fmt.Errorf("connection closed: %v", amqpErr)
		case d, ok := <-deliveries:
			if !ok {
				return errors.New("delivery channel closed")
			}
			c.dispatch(ctx, d)
		}
	}
}

func (c *Consumer) declare(ch *amqp.Channel) error {
	if err := ch.ExchangeDeclare(c.cfg.Exchange, "topic", true, false, false, false, nil); err != nil {
		return fmt.Errorf("declare exchange: %w", err)
	}
	args := amqp.Table{}
	if c.cfg.DeadLetter != "" {
		args["x-dead-letter-exchange"] = c.cfg.DeadLetter
	}
	if _, err := ch.QueueDeclare(c.cfg.Queue, true, false, false, false, args); err != nil {
		return fmt.Errorf("declare queue: %w", err)
	}
	for key := range c.routes {
		if err := ch.QueueBind(c.cfg.Queue, "*."+key, c.cfg.Exchange, false, nil); err != nil {
			return fmt.Errorf("bind %s: %w", key, err)
		}
	}
	return nil
}

func (c *Consumer) dispatch(ctx context.Context, d amqp.Delivery) {
	key := eventKey(d.RoutingKey)
	h, ok := c.routes[key]
	if !ok {
		c.log.Warn("no handler for routing key; dead-lettering", "key", d.RoutingKey)
		_ = d.Reject(false)
		return
	}
	hctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	err := h(hctx, d)
	switch {
	case err == nil:
		if aerr := d.Ack(false); aerr != nil {
			c.log.Warn("ack failed", "key", d.RoutingKey, "msg", d.MessageId, "err", aerr)
		}
	case isPermanent(err):
		c.log.Error("rejecting message", "key", d.RoutingKey, "msg", d.MessageId, "err", err)
		_ = d.Reject(false)
	default:
		c.log.Warn("requeueing message", "key", d.RoutingKey, "msg", d.MessageId, "err", err)
		_ = d.Nack(false, true)
	}
}

// eventKey strips the vendor prefix: "axon.violation.captured" -> "violation.captured".
func eventKey(routingKey string) string {
	for i := 0; i < len(routingKey); i++ {
		if routingKey[i] == '.' {
			return routingKey[i+1:]
		}
	}
	return routingKey
}

// permanentError marks a message that will never succeed.
type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

func permanent(err error) error { return permanentError{err} }

func isPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p) || errors.Is(err, service.ErrValidation)
}
