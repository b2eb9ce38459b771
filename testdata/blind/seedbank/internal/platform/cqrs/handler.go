// Package cqrs is the command side of the application: typed handlers,
// a dispatch bus and cross-cutting decorators.
package cqrs

import (
	"context"
	"fmt"
	"reflect"
)

// CommandHandler handles one command type.
type CommandHandler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to CommandHandler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

// Handle calls f.
func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Decorator wraps a handler with cross-cutting behaviour.
type Decorator[C any] func(CommandHandler[C]) CommandHandler[C]

// Decorate applies decorators so that the first one listed is outermost.
func Decorate[C any](h CommandHandler[C], decorators ...Decorator[C]) CommandHandler[C] {
	for i := len(decorators) - 1; i >= 0; i-- {
		h = decorators[i](h)
	}
	return h
}

// CommandName is the short type name of C, used in logs and metrics.
func CommandName[C any]() string {
	var zero C
	t := reflect.TypeOf(zero)
	if t == nil {
		return "unknown"
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

// Bus routes a command value to the handler registered for its type.
type Bus struct {
	handlers map[reflect.Type]any
}

// NewBus returns an empty bus.
func NewBus() *Bus {
	return &Bus{handlers: make(map[reflect.Type]any)}
}

// Register installs h as the handler for C. It panics on a duplicate, which
// is always a wiring mistake.
func Register[C any](b *Bus, h CommandHandler[C]) {
	t := reflect.TypeFor[C]()
	if _, dup := b.handlers[t]; dup {
		panic(fmt.Sprintf("cqrs: handler for %s registered twice", t))
	}
	b.handlers[t] = h
}

// Dispatch sends cmd to its registered handler.
func Dispatch[C any](ctx context.Context, b *Bus, cmd C) error {
	h, ok := b.handlers[reflect.TypeFor[C]()]
	if !ok {
		return fmt.Errorf("cqrs: no handler for %s", CommandName[C]())
	}
	return h.(CommandHandler[C]).Handle(ctx, cmd)
}
