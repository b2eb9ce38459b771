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

// MsgHandler handles one message of a Router's topic.
type MsgHandler func(ctx context.Context, msg kafka.Message) error

// A Router runs the handler of each message's topic, from a table that
// another package builds and a composition root hands it.
type Router struct {
	handlers map[string]MsgHandler
}

// NewRouter keeps the table.
func NewRouter(handlers map[string]MsgHandler) *Router { return &Router{handlers: handlers} }

// Run fetches messages and runs their topic's handler.
func (rt *Router) Run(ctx context.Context, r *kafka.Reader) {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if h, ok := rt.handlers[msg.Topic]; ok {
			_ = h(ctx, msg)
		}
	}
}
