// Package consumer reads deliveries and hands each, decoded, to the store
// main wires.
package consumer

import (
	"context"
	"encoding/json"

	amqp "github.com/rabbitmq/amqp091-go"

	"example.com/wired/app"
)

type Consumer struct{ Store app.Store }

type sessionStarted struct{ SessionID string }

// Run stores each delivery's session under the ID the message carries.
func (c *Consumer) Run(ctx context.Context, deliveries <-chan amqp.Delivery) {
	for d := range deliveries {
		var e sessionStarted
		if json.Unmarshal(d.Body, &e) != nil {
			continue
		}
		c.Store.InsertSession(ctx, e.SessionID)
	}
}
