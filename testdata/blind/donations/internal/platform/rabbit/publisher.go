package rabbit

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Publisher publishes JSON events to the topic exchange.
type Publisher interface {
	// Publish sends body to routingKey. messageID becomes the AMQP
	// message-id property that consumers use for deduplication.
	Publish(ctx context.Context, routingKey, messageID string, body any) error
}

type publisher struct {
	conn *Connection

	mu sync.Mutex
	ch *amqp.Channel
}

// NewPublisher returns a confirm-mode publisher.
func NewPublisher(conn *Connection) Publisher {
	return &publisher{conn: conn}
}

func (p *publisher) channel() (*amqp.Channel, error) {
	if p.ch != nil && !p.ch.IsClosed() {
		return p.ch, nil
	}
	ch, err := p.conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Confirm(false); err != nil {
		return nil, fmt.Errorf("confirm mode: %w", err)
	}
	p.ch = ch
	return ch, nil
}

func (p *publisher) Publish(ctx context.Context, routingKey, messageID string, body any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("marshal %s: %w", routingKey, err)
	}

	p.mu.Lock()
	defer p.mu.Unlock()

	ch, err := p.channel()
	if err != nil {
		return err
	}
	conf, err := ch.PublishWithDeferredConfirmWithContext(ctx, p.conn.Exchange(), routingKey, true, false, amqp.Publishing{
		ContentType:  "application/json",
		DeliveryMode: amqp.Persistent,
		MessageId:    messageID,
		Timestamp:    time.Now().UTC(),
		Body:         payload,
	})
	if err != nil {
		return fmt.Errorf("publish %s: %w", routingKey, err)
	}
	ok, err := conf.WaitContext(ctx)
	if err != nil {
		return fmt.Errorf("confirm %s: %w", routingKey, err)
	}
	if !ok {
		return fmt.Errorf("publish %s: nacked by broker", routingKey)
	}
	return nil
}
