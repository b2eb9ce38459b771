package events

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
)

// Handler processes one event of type E.
type Handler[E any] func(ctx context.Context, e E) error

// Dispatcher routes events to handlers by a type string extracted from the
// event itself. It is used for Kafka envelopes, plant scans and webhooks.
type Dispatcher[E any] struct {
	name     string
	typeOf   func(E) string
	handlers map[string]Handler[E]
	fallback Handler[E]
	wrap     []func(string, Handler[E]) Handler[E]
}

func NewDispatcher[E any](name string, typeOf func(E) string) *Dispatcher[E] {
	return &Dispatcher[E]{name: name, typeOf: typeOf, handlers: map[string]Handler[E]{}}
}

// On registers h for event type t. Registering the same type twice panics;
// it is always a wiring mistake.
func (d *Dispatcher[E]) On(t string, h Handler[E]) *Dispatcher[E] {
	if _, dup := d.handlers[t]; dup {
		panic(fmt.Sprintf("events: %s: duplicate handler for %q", d.name, t))
	}
	d.handlers[t] = h
	return d
}

// Otherwise sets the handler for unknown types. Without one, unknown types
// are skipped.
func (d *Dispatcher[E]) Otherwise(h Handler[E]) *Dispatcher[E] {
	d.fallback = h
	return d
}

// Use adds a wrapper applied to every handler at dispatch time, outermost
// first.
func (d *Dispatcher[E]) Use(mw func(eventType string, next Handler[E]) Handler[E]) *Dispatcher[E] {
	d.wrap = append(d.wrap, mw)
	return d
}

func (d *Dispatcher[E]) Types() []string {
	out := make([]string, 0, len(d.handlers))
	for t := range d.handlers {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

func (d *Dispatcher[E]) Name() string { return d.name }

func (d *Dispatcher[E]) Dispatch(ctx context.Context, e E) error {
	t := d.typeOf(e)
	h, ok := d.handlers[t]
	if !ok {
		if d.fallback == nil {
			return nil
		}
		h = d.fallback
	}
	for i := len(d.wrap) - 1; i >= 0; i-- {
		h = d.wrap[i](t, h)
	}
	return h(ctx, e)
}

// Decode adapts a handler of a typed payload to an envelope handler.
func Decode[T any](h func(ctx context.Context, env Envelope, data T) error) Handler[Envelope] {
	return func(ctx context.Context, env Envelope) error {
		var data T
		if len(env.Data) > 0 {
			if err := json.Unmarshal(env.Data, &data); err != nil {
				return &PermanentError{Err: fmt.Errorf("decode %s %s: %w", env.Type, env.ID, err)}
			}
		}
		return h(ctx, env, data)
	}
}

// PermanentError marks a failure that a redelivery cannot fix; runners park
// such messages instead of retrying them.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

func EnvelopeType(e Envelope) string { return e.Type }
