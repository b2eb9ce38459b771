package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
)

// HandlerFunc handles one event.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Middleware wraps a handler.
type Middleware func(next HandlerFunc) HandlerFunc

// ErrUnhandled is returned by Dispatch for unknown event types.
var ErrUnhandled = errors.New("events: no handler for event type")

// ErrPoison marks an event that can never be processed; the consumer logs
// and skips it instead of retrying.
var ErrPoison = errors.New("events: poison message")

// Registry maps event types to handlers.
type Registry struct {
	handlers   map[string]HandlerFunc
	middleware []Middleware
}

// NewRegistry returns an empty registry.
func NewRegistry(mw ...Middleware) *Registry {
	return &Registry{handlers: make(map[string]HandlerFunc), middleware: mw}
}

// Handle registers h for an event type. Middleware is applied in the order
// it was given to NewRegistry, outermost first.
func (r *Registry) Handle(eventType string, h HandlerFunc) {
	if _, dup := r.handlers[eventType]; dup {
		panic(fmt.Sprintf("events: duplicate handler for %q", eventType))
	}
	for i := len(r.middleware) - 1; i >= 0; i-- {
		h = r.middleware[i](h)
	}
	r.handlers[eventType] = h
}

// Types lists the registered event types.
func (r *Registry) Types() []string {
	out := make([]string, 0, len(r.handlers))
	for t := range r.handlers {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Dispatch runs the handler registered for env.Type.
func (r *Registry) Dispatch(ctx context.Context, env Envelope) error {
	h, ok := r.handlers[env.Type]
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnhandled, env.Type)
	}
	return h(ctx, env)
}

// Typed adapts a handler that takes a decoded payload.
func Typed[T any](fn func(ctx context.Context, env Envelope, payload T) error) HandlerFunc {
	return func(ctx context.Context, env Envelope) error {
		var payload T
		if err := json.Unmarshal(env.Data, &payload); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrPoison, env.Type, err)
		}
		return fn(ctx, env, payload)
	}
}
