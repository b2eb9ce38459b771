package amqpx

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Message is an event to publish.
type Message struct {
	ID            string
	CorrelationID string
	RoutingKey    string
	Payload       any
	Headers       map[string]any
}

// Publisher publishes events to the domain exchange.
type Publisher interface {
	Publish(ctx context.Context, m Message) error
}

type publisher struct {
	ch       *amqp.Channel
	exchange string
	now      func() time.Time
}

// NewPublisher opens a confirm-mode channel on url.
func NewPublisher(url, exchange string) (Publisher, func(), error) {
	conn, err := amqp.Dial(url)
	if err != nil {
		return nil, nil, fmt.Errorf("amqpx: dial: %w", err)
	}
	ch, err := conn.Channel()
	if err != nil {
		_ = conn.Close()
		return nil, nil, fmt.Errorf("amqpx: channel: %w", err)
	}
	if err := ch.Confirm(false); err != nil {
		_ = ch.Close()
		_ = conn.Close()
		return nil, nil, fmt.Errorf("amqpx: confirm mode: %w", err)
	}
	cleanup := func() {
		_ = ch.Close()
		_ = conn.Close()
	}
	return &publisher{ch: ch, exchange: exchange, now: time.Now}, cleanup, nil
}

func (p *publisher) Publish(ctx context.Context, m Message) error {
	body, err := json.Marshal(m.Payload)
	if err != nil {
		return fmt.Errorf("amqpx: encode %s: %w", m.RoutingKey, err)
	}
	conf, err := p.ch.PublishWithDeferredConfirmWithContext(ctx, p.exchange, m.RoutingKey, true, false, amqp.Publishing{
		ContentType:   "application/json",
		DeliveryMode:  amqp.Persistent,
		MessageId:     m.ID,
		CorrelationId: m.CorrelationID,
		Timestamp:     p.now(),
		Headers:       amqp.Table(m.Headers),
		Body:          body,
	})
	if err != nil {
		return fmt.Errorf("amqpx: publish %s: %w", m.RoutingKey, err)
	}
	ok, err := conf.WaitContext(ctx)
	if err != nil {
		return fmt.Errorf("amqpx: confirm %s: %w", m.RoutingKey, err)
	}
	if !ok {
		return fmt.Errorf("amqpx: broker nacked %s", m.RoutingKey)
	}
	return nil
}
