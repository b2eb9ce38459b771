// Package xevrouter dispatches each kafka message to the handler
// registered for its key.
package xevrouter

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// HandlerFunc handles one message.
type HandlerFunc func(ctx context.Context, m kafka.Message) error

// Router holds the handlers by message key.
type Router struct{ handlers map[string]HandlerFunc }

// New returns an empty router.
func New() *Router { return &Router{handlers: map[string]HandlerFunc{}} }

// Handle registers h for key.
func (r *Router) Handle(key string, h HandlerFunc) { r.handlers[key] = h }

// Run hands each message to its key's handler.
func (r *Router) Run(ctx context.Context, reader *kafka.Reader) error {
	for {
		m, err := reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if h, ok := r.handlers[string(m.Key)]; ok {
			if err := h(ctx, m); err != nil {
				return err
			}
		}
		reader.CommitMessages(ctx, m)
	}
}
