package consumer

import (
	"context"
	"fmt"

	"github.com/segmentio/kafka-go"
)

// Middleware wraps a handler.
type Middleware func(Handler) Handler

// Chain applies middleware to every handler in hs, outermost first.
func (hs Handlers) Chain(mw ...Middleware) Handlers {
	out := make(Handlers, len(hs))
	for topic, h := range hs {
		for i := len(mw) - 1; i >= 0; i-- {
			h = mw[i](h)
		}
		out[topic] = h
	}
	return out
}

// Recover turns a handler panic into an error so the message is retried
// rather than the process dying.
func Recover() Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, msg kafka.Message) (err error) {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("panic handling %s@%d: %v", msg.Topic, msg.Offset, p)
				}
			}()
			return next(ctx, msg)
		}
	}
}
