// Package gocdk receives messages from a Go CDK subscription in a loop,
// handling each in a goroutine of its own: a message not acked is
// delivered again.
package gocdk

import (
	"context"

	"gocloud.dev/pubsub"
)

func step() {} // want "reached from Go CDK pubsub consumer loop loop through 2 calls"

// Consumer is a subscription's handler.
type Consumer struct {
	URL     string
	Handler func(ctx context.Context, body []byte) error
}

func loop(ctx context.Context, c Consumer, sub *pubsub.Subscription) error {
	for {
		msg, err := sub.Receive(ctx) // want "root: Go CDK pubsub consumer loop loop"
		if err != nil {
			return err
		}
		go func(msg *pubsub.Message) { // want "reached from Go CDK pubsub consumer loop loop through 0 calls"
			if err := handle(ctx, c, msg); err != nil {
				msg.Nack()
				return
			}
			msg.Ack()
		}(msg)
	}
}

func handle(ctx context.Context, c Consumer, msg *pubsub.Message) error { // want "reached from Go CDK pubsub consumer loop loop through 1 calls"
	step() // want "step on retried path"
	return c.Handler(ctx, msg.Body)
}
