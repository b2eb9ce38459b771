// Package b declares an activity that another package registers.
package b

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

func Charge(ctx context.Context, orderID string) error { return nil }

// A Registration binds a handler to a topic; Run calls the handler of
// each message it fetches.
type Registration struct {
	Topic   string
	Handler func(ctx context.Context, msg kafka.Message) error
}

// Run fetches messages and hands each to its topic's handlers.
func Run(ctx context.Context, r *kafka.Reader, regs []Registration) {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		for _, reg := range regs {
			if reg.Topic == msg.Topic {
				_ = reg.Handler(ctx, msg)
			}
		}
		_ = r.CommitMessages(ctx, msg)
	}
}

// JSON adapts a typed handler to a Registration's: it decodes the value
// and calls fn with it.
func JSON[T any](fn func(ctx context.Context, v T) error) func(ctx context.Context, msg kafka.Message) error {
	return func(ctx context.Context, msg kafka.Message) error {
		var v T
		if err := json.Unmarshal(msg.Value, &v); err != nil {
			return err
		}
		return fn(ctx, v)
	}
}
