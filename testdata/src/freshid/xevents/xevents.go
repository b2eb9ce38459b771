// Package xevents routes events to the handlers registered for their
// type: a generic dispatcher kept in a map, with wrappers.
package xevents

import (
	"context"
	"encoding/json"
)

// Handler processes one event.
type Handler[E any] func(ctx context.Context, e E) error

// Dispatcher calls the handler an event's type names.
type Dispatcher[E any] struct {
	typeOf   func(E) string
	handlers map[string]Handler[E]
	fallback Handler[E]
	wrap     []func(string, Handler[E]) Handler[E]
}

// New makes a dispatcher.
func New[E any](typeOf func(E) string) *Dispatcher[E] {
	return &Dispatcher[E]{typeOf: typeOf, handlers: map[string]Handler[E]{}}
}

// On registers h for events of type t.
func (d *Dispatcher[E]) On(t string, h Handler[E]) *Dispatcher[E] {
	d.handlers[t] = h
	return d
}

// Otherwise registers h for the other types.
func (d *Dispatcher[E]) Otherwise(h Handler[E]) *Dispatcher[E] {
	d.fallback = h
	return d
}

// Use wraps every handler at dispatch time.
func (d *Dispatcher[E]) Use(mw func(string, Handler[E]) Handler[E]) *Dispatcher[E] {
	d.wrap = append(d.wrap, mw)
	return d
}

// Dispatch calls the handler of e's type.
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

// An Envelope is an event on the wire.
type Envelope struct {
	ID   string
	Type string
	Data json.RawMessage
}

// TypeOf is an envelope's type.
func TypeOf(e Envelope) string { return e.Type }

// Decode adapts a handler of a payload to an envelope handler.
func Decode[T any](h func(ctx context.Context, e Envelope, data T) error) Handler[Envelope] {
	return func(ctx context.Context, e Envelope) error {
		var data T
		if err := json.Unmarshal(e.Data, &data); err != nil {
			return err
		}
		return h(ctx, e, data)
	}
}
