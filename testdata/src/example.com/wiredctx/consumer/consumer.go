// Package consumer ships the orders a topic announces.
package consumer

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Shipper ships orders.
type Shipper interface {
	Ship(ctx context.Context, order string) error
}

// Consumer reads the topic.
type Consumer struct{ Orders Shipper }

// Run ships each message's order, and commits it.
func (c *Consumer) Run(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := c.Orders.Ship(ctx, string(m.Key)); err != nil {
			continue
		}
		r.CommitMessages(ctx, m)
	}
}
