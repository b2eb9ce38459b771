// Package consumer records the acknowledgements a JetStream subject
// carries, through the interface it declares.
package consumer

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"
)

// Acks records acknowledgements.
type Acks interface {
	Record(ctx context.Context, msgID, ref string) error
}

// Consumer handles the subject's messages.
type Consumer struct{ Acks Acks }

// Handler returns the function the subject's consumer runs per message.
func (c *Consumer) Handler(ctx context.Context) func(jetstream.Msg) {
	return func(msg jetstream.Msg) {
		c.handle(ctx, msg)
	}
}

// handle reads the message's ID from its header and hands it down.
func (c *Consumer) handle(ctx context.Context, msg jetstream.Msg) {
	msgID := msg.Headers().Get(jetstream.MsgIDHeader)
	if err := c.dispatch(ctx, msgID, msg.Data()); err == nil {
		msg.Ack()
	}
}

func (c *Consumer) dispatch(ctx context.Context, msgID string, data []byte) error {
	return c.Acks.Record(ctx, msgID, string(data))
}
