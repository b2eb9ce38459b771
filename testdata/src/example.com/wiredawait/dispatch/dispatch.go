// Package dispatch routes decoded envelopes to typed handlers that
// other packages register.
package dispatch

import (
	"context"
	"encoding/json"
)

// Envelope is the wire format of every event.
type Envelope struct {
	EventID string          `json:"event_id"`
	Type    string          `json:"type"`
	Data    json.RawMessage `json:"data"`
}

// HandlerFunc handles one envelope.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Middleware decorates a handler.
type Middleware func(HandlerFunc) HandlerFunc

// Dispatcher maps event types to handlers.
type Dispatcher struct {
	handlers map[string]HandlerFunc
}

// New returns an empty dispatcher.
func New() *Dispatcher {
	return &Dispatcher{handlers: map[string]HandlerFunc{}}
}

// Register adds a typed handler for eventType, decoding the envelope's
// data into T; middlewares run outermost first.
func Register[T any](d *Dispatcher, eventType string, fn func(ctx context.Context, env Envelope, ev T) error, mws ...Middleware) {
	h := func(ctx context.Context, env Envelope) error {
		var ev T
		if err := json.Unmarshal(env.Data, &ev); err != nil {
			return err
		}
		return fn(ctx, env, ev)
	}
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	d.handlers[eventType] = h
}

// Dispatch runs the handler of env.Type.
func (d *Dispatcher) Dispatch(ctx context.Context, env Envelope) error {
	h, ok := d.handlers[env.Type]
	if !ok {
		return nil
	}
	return h(ctx, env)
}
