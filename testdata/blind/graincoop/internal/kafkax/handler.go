// Package kafkax adapts typed event handlers to kafka-go readers and
// writers.
package kafkax

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/segmentio/kafka-go"
)

// ErrPoison marks a message that can never be processed (bad payload). The
// runner logs and commits past it instead of retrying.
var ErrPoison = errors.New("kafkax: poison message")

// HandlerFunc processes one raw message.
type HandlerFunc func(ctx context.Context, msg kafka.Message) error

// Middleware wraps a HandlerFunc.
type Middleware func(HandlerFunc) HandlerFunc

type msgKey struct{}

// Handle adapts a typed handler to a HandlerFunc by decoding the message
// value as JSON into T.
func Handle[T any](fn func(ctx context.Context, evt T) error) HandlerFunc {
	return func(ctx context.Context, msg kafka.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Value, &evt); err != nil {
			return fmt.Errorf("%w: %s@%d/%d: %v", ErrPoison, msg.Topic, msg.Partition, msg.Offset, err)
		}
		if v, ok := any(&evt).(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				return fmt.Errorf("%w: %v", ErrPoison, err)
			}
		}
		return fn(context.WithValue(ctx, msgKey{}, msg), evt)
	}
}

// Message returns the raw message being handled.
func Message(ctx context.Context) (kafka.Message, bool) {
	m, ok := ctx.Value(msgKey{}).(kafka.Message)
	return m, ok
}

// Header returns a message header value, or "".
func Header(msg kafka.Message, name string) string {
	for _, h := range msg.Headers {
		if h.Key == name {
			return string(h.Value)
		}
	}
	return ""
}

// EventID returns the producer-assigned id of the event being handled.
func EventID(ctx context.Context) string {
	m, ok := Message(ctx)
	if !ok {
		return ""
	}
	if id := Header(m, HeaderEventID); id != "" {
		return id
	}
	return fmt.Sprintf("%s/%d/%d", m.Topic, m.Partition, m.Offset)
}

// Chain applies middleware so the first listed is the outermost.
func Chain(h HandlerFunc, mws ...Middleware) HandlerFunc {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}
