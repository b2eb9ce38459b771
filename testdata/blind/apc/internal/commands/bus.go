// Package commands is a small in-process command bus. HTTP handlers build
// a command and dispatch it; each command type has exactly one handler,
// usually wrapped in decorators (logging, timeouts).
package commands

import (
	"context"
	"fmt"
	"reflect"
	"sync"
)

// Handler handles one command type.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

// Handle calls f.
func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Decorator wraps a handler.
type Decorator[C any] func(Handler[C]) Handler[C]

// Bus routes commands to handlers by the command's Go type.
type Bus struct {
	mu       sync.RWMutex
	handlers map[reflect.Type]any
}

// NewBus returns an empty bus.
func NewBus() *Bus {
	return &Bus{handlers: map[reflect.Type]any{}}
}

// Register installs h for commands of type C, applying decorators from
// the outside in (the first decorator sees the call first).
func Register[C any](b *Bus, h Handler[C], decorators ...Decorator[C]) {
	for i := len(decorators) - 1; i >= 0; i-- {
		h = decorators[i](h)
	}
	t := reflect.TypeFor[C]()
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, dup := b.handlers[t]; dup {
		panic(fmt.Sprintf("commands: handler for %s registered twice", t))
	}
	b.handlers[t] = h
}

// Dispatch sends cmd to its handler.
func Dispatch[C any](ctx context.Context, b *Bus, cmd C) error {
	t := reflect.TypeFor[C]()
	b.mu.RLock()
	h, ok := b.handlers[t]
	b.mu.RUnlock()
	if !ok {
		return fmt.Errorf("commands: no handler for %s", t)
	}
	return h.(Handler[C]).Handle(ctx, cmd)
}
