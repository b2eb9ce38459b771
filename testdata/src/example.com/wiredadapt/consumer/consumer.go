// Package consumer dispatches Kafka messages to command handlers.
package consumer

import (
	"context"
	"encoding/json"

	kafka "github.com/segmentio/kafka-go"

	"example.com/wiredadapt/command"
	"example.com/wiredadapt/orders"
)

// Handlers are the handlers of each command.
type Handlers struct {
	Place  command.Handler[orders.PlaceOrder]
	Refund command.Handler[orders.RefundOrder]
	// Audit is called by no retried path.
	Audit command.Handler[orders.AuditOrder]
}

// Consumer reads commands from Kafka.
type Consumer struct {
	Reader *kafka.Reader
	H      Handlers
}

// Run handles each message by its topic.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		switch m.Topic {
		case "place":
			var cmd orders.PlaceOrder
			_ = json.Unmarshal(m.Value, &cmd)
			_ = c.H.Place.Handle(ctx, cmd)
		case "refund":
			var cmd orders.RefundOrder
			_ = json.Unmarshal(m.Value, &cmd)
			_ = c.H.Refund.Handle(ctx, cmd)
		}
		_ = c.Reader.CommitMessages(ctx, m)
	}
}
