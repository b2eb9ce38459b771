package rabbit

import (
	"context"
	"errors"
	"fmt"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
	"go.uber.org/zap"
)

// Delivery is the slice of an AMQP delivery handlers care about.
type Delivery struct {
	Queue       string
	RoutingKey  string
	MessageID   string
	Redelivered bool
	Timestamp   time.Time
	Headers     map[string]any
	Body        []byte
}

// HandlerFunc processes one delivery. Returning nil acks it; returning an
// error nacks it with requeue unless the error is Drop.
type HandlerFunc func(ctx context.Context, d Delivery) error

// Routes maps a routing key to its handler for one queue.
type Routes map[string]HandlerFunc

// Table is the full consumer table: queue name -> routing key -> handler.
type Table map[string]Routes

// ErrDrop tells the dispatcher to reject the message without requeueing
// (it goes to the dead-letter exchange).
var ErrDrop = errors.New("drop message")

// Dispatcher consumes every queue in a Table and routes by routing key.
type Dispatcher struct {
	conn  *Connection
	table Table
	log   *zap.Logger
}

// NewDispatcher builds a dispatcher over table.
func NewDispatcher(conn *Connection, table Table, log *zap.Logger) *Dispatcher {
	return &Dispatcher{conn: conn, table: table, log: log}
}

// Start launches one consumer goroutine per queue.
func (d *Dispatcher) Start(ctx context.Context) error {
	for queue, routes := range d.table {
		keys := make([]string, 0, len(routes))
		for k := range routes {
			keys = append(keys, k)
		}
		ch, err := d.conn.Channel()
		if err != nil {
			return err
		}
		if err := d.conn.DeclareTopology(ch, queue, keys); err != nil {
			return err
		}
		if err := ch.Qos(d.conn.prefetch, 0, false); err != nil {
			return fmt.Errorf("qos %s: %w", queue, err)
		}
		msgs, err := ch.ConsumeWithContext(ctx, queue, "donations-"+queue, false, false, false, false, nil)
		if err != nil {
			return fmt.Errorf("consume %s: %w", queue, err)
		}
		go d.loop(ctx, queue, routes, msgs)
	}
	return nil
}

func (d *Dispatcher) loop(ctx context.Context, queue string, routes Routes, msgs <-chan amqp.Delivery) {
	for {
		select {
		case <-ctx.Done():
			return
		case m, ok := <-msgs:
			if !ok {
				d.log.Warn("delivery channel closed", zap.String("queue", queue))
				return
			}
			d.handle(ctx, queue, routes, m)
		}
	}
}

func (d *Dispatcher) handle(ctx context.Context, queue string, routes Routes, m amqp.Delivery) {
	log := d.log.With(
		zap.String("queue", queue),
		zap.String("routing_key", m.RoutingKey),
		zap.String("message_id", m.MessageId),
		zap.Bool("redelivered", m.Redelivered),
	)
	h, ok := routes[m.RoutingKey]
	if !ok {
		log.Warn("no handler for routing key")
		_ = m.Nack(false, false)
		return
	}
	hctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	err := h(hctx, Delivery{
		Queue:       queue,
		RoutingKey:  m.RoutingKey,
		MessageID:   m.MessageId,
		Redelivered: m.Redelivered,
		Timestamp:   m.Timestamp,
		Headers:     m.Headers,
		Body:        m.Body,
	})
	switch {
	case err == nil:
		if aerr := m.Ack(false); aerr != nil {
			log.Error("ack failed", zap.Error(aerr))
		}
	case errors.Is(err, ErrDrop):
		log.Warn("dropping message", zap.Error(err))
		_ = m.Nack(false, false)
	default:
		log.Error("handler failed; requeueing", zap.Error(err))
		_ = m.Nack(false, true)
	}
}
