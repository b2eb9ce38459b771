// Package consumer feeds a topic's messages to a dispatcher.
package consumer

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"

	"example.com/wiredawait/dispatch"
)

// Dispatcher handles decoded envelopes.
type Dispatcher interface {
	Dispatch(ctx context.Context, env dispatch.Envelope) error
}

// Consumer commits a message's offset after its handler succeeds: the
// group delivers it again otherwise.
type Consumer struct {
	Reader *kafka.Reader
	D      Dispatcher
}

// Run consumes until the reader fails.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.Reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var env dispatch.Envelope
		if err := json.Unmarshal(m.Value, &env); err != nil {
			continue
		}
		if err := c.D.Dispatch(ctx, env); err != nil {
			return err
		}
		if err := c.Reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
