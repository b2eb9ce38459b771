// Package dispatch routes decoded event envelopes to typed handlers.
package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// ErrPoison marks an event that can never be handled; consumers skip it.
var ErrPoison = errors.New("poison event")

// Envelope is the wire format shared by terminal event producers.
type Envelope struct {
	EventID    string          `json:"event_id"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// DecodeEnvelope parses a message value.
func DecodeEnvelope(raw []byte) (Envelope, error) {
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return env, errors.Join(ErrPoison, err)
	}
	if env.EventID == "" || env.Type == "" {
		return env, fmt.Errorf("%w: envelope without event_id or type", ErrPoison)
	}
	return env, nil
}

// HandlerFunc handles one envelope.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Middleware decorates a handler.
type Middleware func(HandlerFunc) HandlerFunc

// Dispatcher maps event types to handlers.
type Dispatcher struct {
	name     string
	handlers map[string]HandlerFunc
}

// New returns an empty dispatcher.
func New(name string) *Dispatcher {
	return &Dispatcher{name: name, handlers: map[string]HandlerFunc{}}
}

// Name identifies the dispatcher in logs.
func (d *Dispatcher) Name() string { return d.name }

// Register adds a typed handler for eventType. The envelope's data is
// decoded into T; middlewares run outermost first.
func Register[T any](d *Dispatcher, eventType string, fn func(ctx context.Context, env Envelope, ev T) error, mws ...Middleware) {
	h := func(ctx context.Context, env Envelope) error {
		var ev T
		if err := json.Unmarshal(env.Data, &ev); err != nil {
			return fmt.Errorf("%w: %s data: %v", ErrPoison, eventType, err)
		}
		return fn(ctx, env, ev)
	}
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	if _, dup := d.handlers[eventType]; dup {
		panic("dispatch: duplicate handler for " + eventType)
	}
	d.handlers[eventType] = h
}

// Dispatch runs the handler for env.Type. Unknown types are ignored so
// producers can add event types before consumers handle them.
func (d *Dispatcher) Dispatch(ctx context.Context, env Envelope) error {
	h, ok := d.handlers[env.Type]
	if !ok {
		slog.DebugContext(ctx, "no handler for event type", "dispatcher", d.name, "type", env.Type)
		return nil
	}
	return h(ctx, env)
}
