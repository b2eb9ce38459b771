// Package runner runs a kafka consumer group's loop and hands each
// message to a handler, found by the event's type in a table.
package runner

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

// Handler processes one message.
type Handler func(ctx context.Context, m kafka.Message) error

// Envelope is the common shape of the topic's events.
type Envelope struct {
	ID   string          `json:"id"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// TypeHandler handles one type of event.
type TypeHandler func(ctx context.Context, env Envelope) error

// Runner drives one reader.
type Runner struct {
	reader  *kafka.Reader
	handler Handler
}

func NewRunner(r *kafka.Reader, h Handler) *Runner { return &Runner{reader: r, handler: h} }

// Run commits each message once its handler succeeds.
func (r *Runner) Run(ctx context.Context) error {
	for {
		m, err := r.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.handler(ctx, m); err != nil {
			return err
		}
		if err := r.reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Dispatch routes each event to the table's handler of its type.
func Dispatch(table map[string]TypeHandler) Handler {
	return func(ctx context.Context, m kafka.Message) error {
		var env Envelope
		if err := json.Unmarshal(m.Value, &env); err != nil {
			return nil
		}
		h, ok := table[env.Type]
		if !ok {
			return nil
		}
		return h(ctx, env)
	}
}

// Each hands each event to every handler of the list.
func Each(hs []TypeHandler) Handler {
	return func(ctx context.Context, m kafka.Message) error {
		var env Envelope
		if err := json.Unmarshal(m.Value, &env); err != nil {
			return nil
		}
		for _, h := range hs {
			if err := h(ctx, env); err != nil {
				return err
			}
		}
		return nil
	}
}
