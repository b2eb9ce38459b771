// Package events contains the Kafka consumers, their handler tables and
// the outbox relay.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Envelope is the wire format shared by every topic the platform reads or
// writes.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// HandlerFunc handles one decoded envelope.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Handlers maps an event type to its handler.
type Handlers map[string]HandlerFunc

// Typed adapts a function taking a decoded payload to a HandlerFunc.
func Typed[T any](fn func(ctx context.Context, env Envelope, payload T) error) HandlerFunc {
	return func(ctx context.Context, env Envelope) error {
		var payload T
		if err := json.Unmarshal(env.Data, &payload); err != nil {
			return &PermanentError{Err: fmt.Errorf("decode %s %s: %w", env.Type, env.ID, err)}
		}
		return fn(ctx, env, payload)
	}
}

// PermanentError marks a failure that will not go away on redelivery
// (malformed payload). The consumer logs it and moves on.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }
