// Package bus dispatches commands to the handler registered for their
// type, each behind a logging decorator.
package bus

import (
	"context"
	"errors"
	"log"
	"reflect"
	"time"
)

// A Handler handles commands of type C.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

// Handle calls f.
func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

type logged[C any] struct{ next Handler[C] }

func (l logged[C]) Handle(ctx context.Context, cmd C) error {
	err := l.next.Handle(ctx, cmd)
	if err != nil {
		log.Print(err)
	}
	return err
}

type timed[C any] struct{ next Handler[C] }

func (t timed[C]) Handle(ctx context.Context, cmd C) error {
	start := time.Now()
	defer func() { log.Print(time.Since(start)) }()
	return t.next.Handle(ctx, cmd)
}

type recovered[C any] struct{ next Handler[C] }

func (r recovered[C]) Handle(ctx context.Context, cmd C) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errors.New("bus: handler panicked")
		}
	}()
	return r.next.Handle(ctx, cmd)
}

// A Bus holds a handler for each type of command.
type Bus struct{ handlers map[reflect.Type]any }

// New returns an empty bus.
func New() *Bus { return &Bus{handlers: map[reflect.Type]any{}} }

// Register registers h, behind its decorators, for commands of type
// C: however many there are, the command reaches h.
func Register[C any](b *Bus, h Handler[C]) {
	b.handlers[reflect.TypeFor[C]()] = logged[C]{next: timed[C]{next: recovered[C]{next: h}}}
}

// Dispatch hands cmd to the handler registered for its type.
func Dispatch[C any](ctx context.Context, b *Bus, cmd C) error {
	h, ok := b.handlers[reflect.TypeFor[C]()]
	if !ok {
		return errors.New("bus: no handler")
	}
	return h.(Handler[C]).Handle(ctx, cmd)
}
