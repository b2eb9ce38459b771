// Package consumer reads payer-originated events (835s, 277s, 271s) from
// Kafka and dispatches them by event type.
package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Envelope is the EDI translator's wrapper around every inbound event.
type Envelope struct {
	EventID    string          `json:"event_id"`
	EventType  string          `json:"event_type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Source     string          `json:"source"`
	Payload    json.RawMessage `json:"payload"`
}

// HandlerFunc processes one event. A returned error leaves the offset
// uncommitted so the event is delivered again.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Typed adapts a handler of a concrete payload type.
func Typed[T any](fn func(ctx context.Context, env Envelope, payload T) error) HandlerFunc {
	return func(ctx context.Context, env Envelope) error {
		var v T
		if err := json.Unmarshal(env.Payload, &v); err != nil {
			return fmt.Errorf("%w: decode %s: %v", ErrPoison, env.EventType, err)
		}
		return fn(ctx, env, v)
	}
}
