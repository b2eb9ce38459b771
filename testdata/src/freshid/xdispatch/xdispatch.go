// Package xdispatch consumes every queue of a table of routes and hands
// each delivery to the handler its routing key names.
package xdispatch

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
)

// A Delivery is what a handler is given of a message.
type Delivery struct {
	MessageID string
	Body      []byte
}

// HandlerFunc processes one delivery.
type HandlerFunc func(ctx context.Context, d Delivery) error

// Routes maps a routing key to its handler, for one queue.
type Routes map[string]HandlerFunc

// Table maps a queue to its routes.
type Table map[string]Routes

// Dispatcher runs a loop per queue of its table.
type Dispatcher struct {
	ch    *amqp.Channel
	table Table
}

// New makes a dispatcher of a table another package builds.
func New(ch *amqp.Channel, table Table) *Dispatcher {
	return &Dispatcher{ch: ch, table: table}
}

// Start begins to consume each queue.
func (d *Dispatcher) Start(ctx context.Context) error {
	for queue, routes := range d.table {
		msgs, err := d.ch.Consume(queue, "", false, false, false, false, nil)
		if err != nil {
			return err
		}
		go d.loop(ctx, routes, msgs)
	}
	return nil
}

func (d *Dispatcher) loop(ctx context.Context, routes Routes, msgs <-chan amqp.Delivery) {
	for m := range msgs {
		d.handle(ctx, routes, m)
	}
}

// handle acks a delivery only when its handler succeeds: a failure
// delivers it again.
func (d *Dispatcher) handle(ctx context.Context, routes Routes, m amqp.Delivery) {
	h, ok := routes[m.RoutingKey]
	if !ok {
		m.Nack(false, false)
		return
	}
	if err := h(ctx, Delivery{MessageID: m.MessageId, Body: m.Body}); err != nil {
		m.Nack(false, true)
		return
	}
	m.Ack(false)
}
