// Package chainevents consumes the chain-watcher's Kafka topics.
package chainevents

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/segmentio/kafka-go"
)

// Envelope is the chain-watcher's event wrapper.
type Envelope[T any] struct {
	EventID    string    `json:"event_id"`
	Type       string    `json:"type"`
	OccurredAt time.Time `json:"occurred_at"`
	Data       T         `json:"data"`

	Topic     string `json:"-"`
	Partition int    `json:"-"`
	Offset    int64  `json:"-"`
}

// Handler processes one Kafka message.
type Handler func(ctx context.Context, msg kafka.Message) error

// Handle adapts a typed function to a Handler by decoding the message
// value into an Envelope[T].
func Handle[T any](fn func(ctx context.Context, env Envelope[T]) error) Handler {
	return func(ctx context.Context, msg kafka.Message) error {
		var env Envelope[T]
		if err := json.Unmarshal(msg.Value, &env); err != nil {
			return &poisonError{err: fmt.Errorf("decode %s@%d/%d: %w", msg.Topic, msg.Partition, msg.Offset, err)}
		}
		env.Topic, env.Partition, env.Offset = msg.Topic, msg.Partition, msg.Offset
		return fn(ctx, env)
	}
}

// poisonError marks a message that can never be processed.
type poisonError struct{ err error }

func (p *poisonError) Error() string { return p.err.Error() }
func (p *poisonError) Unwrap() error { return p.err }
