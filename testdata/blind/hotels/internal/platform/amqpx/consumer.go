package amqpx

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/harbourline/hotels/internal/platform/logx"
)

// ConsumerConfig names the queue and exchange the consumer binds.
type ConsumerConfig struct {
	URL       string
	Exchange  string
	Queue     string
	Tag       string
	Prefetch  int
	HandlerTO time.Duration
}

// Consumer runs one consume loop and dispatches by routing key.
type Consumer struct {
	cfg    ConsumerConfig
	conn   *amqp.Connection
	ch     *amqp.Channel
	router *Router
	log    *slog.Logger
}

// NewConsumer dials the broker, declares the topology for every registered
// routing key and returns a Consumer with a cleanup.
func NewConsumer(cfg ConsumerConfig, router *Router, log *slog.Logger) (*Consumer, func(), error) {
	conn, err := amqp.Dial(cfg.URL)
	if err != nil {
		return nil, nil, fmt.Errorf("amqpx: dial: %w", err)
	}
	ch, err := conn.Channel()
	if err != nil {
		_ = conn.Close()
		return nil, nil, fmt.Errorf("amqpx: channel: %w", err)
	}
	cleanup := func() {
		_ = ch.Close()
		_ = conn.Close()
	}
	if err := declare(ch, cfg, router.Keys()); err != nil {
		cleanup()
		return nil, nil, err
	}
	if cfg.Prefetch > 0 {
		if err := ch.Qos(cfg.Prefetch, 0, false); err != nil {
			cleanup()
			return nil, nil, fmt.Errorf("amqpx: qos: %w", err)
		}
	}
	return &Consumer{cfg: cfg, conn: conn, ch: ch, router: router, log: log}, cleanup, nil
}

func declare(ch *amqp.Channel, cfg ConsumerConfig, keys []string) error {
	if err := ch.ExchangeDeclare(cfg.Exchange, amqp.ExchangeTopic, true, false, false, false, nil); err != nil {
		return fmt.Errorf("amqpx: exchange: %w", err)
	}
	if _, err := ch.QueueDeclare(cfg.Queue, true, false, false, false, amqp.Table{
		"x-dead-letter-exchange": cfg.Exchange + ".dlx",
	}); err != nil {
		return fmt.Errorf("amqpx: queue: %w", err)
	}
	for _, k := range keys {
		if err := ch.QueueBind(cfg.Queue, k, cfg.Exchange, false, nil); err != nil {
			return fmt.Errorf("amqpx: bind %s: %w", k, err)
		}
	}
	return nil
}

// Run consumes until ctx is cancelled or the channel closes.
func (c *Consumer) Run(ctx context.Context) error {
	deliveries, err := c.ch.ConsumeWithContext(ctx, c.cfg.Queue, c.cfg.Tag, false, false, false, false, nil)
	if err != nil {
		return fmt.Errorf("amqpx: consume: %w", err)
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case d, ok := <-deliveries:
			if !ok {
				return errors.New("amqpx: delivery channel closed")
			}
			c.dispatch(ctx, d)
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, d amqp.Delivery) {
	log := c.log.With("routing_key", d.RoutingKey, "message_id", d.MessageId, "redelivered", d.Redelivered)
	h, ok := c.router.Lookup(d.RoutingKey)
	if !ok {
		log.Warn("no handler registered; dead-lettering")
		_ = d.Nack(false, false)
		return
	}
	hctx := logx.With(ctx, "routing_key", d.RoutingKey, "message_id", d.MessageId)
	if c.cfg.HandlerTO > 0 {
		var cancel context.CancelFunc
		hctx, cancel = context.WithTimeout(hctx, c.cfg.HandlerTO)
		defer cancel()
	}
	err := h(hctx, Delivery{
		MessageID:     d.MessageId,
		CorrelationID: d.CorrelationId,
		RoutingKey:    d.RoutingKey,
		Exchange:      d.Exchange,
		Body:          d.Body,
		Headers:       d.Headers,
		Redelivered:   d.Redelivered,
		Timestamp:     d.Timestamp,
		DeliveryTag:   d.DeliveryTag,
	})
	var perm PermanentError
	switch {
	case err == nil:
		if ackErr := d.Ack(false); ackErr != nil {
			log.Error("ack failed", "err", ackErr)
		}
	case errors.As(err, &perm):
		log.Error("handler failed permanently", "err", err)
		_ = d.Nack(false, false)
	default:
		log.Warn("handler failed; requeueing", "err", err)
		_ = d.Nack(false, true)
	}
}
