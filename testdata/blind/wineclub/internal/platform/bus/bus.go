// Package bus is the in-process command bus used by the HTTP layer and the
// workers. Handlers are registered per command type and invoked through a
// chain of middlewares.
package bus

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
)

// ErrNoHandler is returned when a command type has no registered handler.
var ErrNoHandler = errors.New("bus: no handler registered")

// HandlerFunc handles one command type.
type HandlerFunc[C any] func(ctx context.Context, cmd C) (any, error)

// Next is the untyped form every middleware sees.
type Next func(ctx context.Context, name string, cmd any) (any, error)

// Middleware wraps command execution.
type Middleware func(next Next) Next

// Bus routes commands to handlers.
type Bus struct {
	mu          sync.RWMutex
	handlers    map[reflect.Type]Next
	middlewares []Middleware
}

// New returns a bus with the given middlewares, outermost first.
func New(mws ...Middleware) *Bus {
	return &Bus{handlers: make(map[reflect.Type]Next), middlewares: mws}
}

// Use appends middlewares.
func (b *Bus) Use(mws ...Middleware) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.middlewares = append(b.middlewares, mws...)
}

// Register binds h to the command type C. Registering twice panics: it is a
// wiring error.
func Register[C any](b *Bus, h HandlerFunc[C]) {
	t := reflect.TypeOf((*C)(nil)).Elem()
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.handlers[t]; ok {
		panic(fmt.Sprintf("bus: duplicate handler for %s", t))
	}
	b.handlers[t] = func(ctx context.Context, _ string, cmd any) (any, error) {
		c, ok := cmd.(C)
		if !ok {
			return nil, fmt.Errorf("bus: command %T is not %s", cmd, t)
		}
		return h(ctx, c)
	}
}

// Dispatch runs cmd through the middleware chain and its handler.
func Dispatch[C any](ctx context.Context, b *Bus, cmd C) (any, error) {
	t := reflect.TypeOf((*C)(nil)).Elem()
	b.mu.RLock()
	h, ok := b.handlers[t]
	mws := b.middlewares
	b.mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNoHandler, t)
	}
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h(ctx, t.Name(), cmd)
}

// DispatchAs is Dispatch with the result asserted to R.
func DispatchAs[R any, C any](ctx context.Context, b *Bus, cmd C) (R, error) {
	var zero R
	out, err := Dispatch(ctx, b, cmd)
	if err != nil {
		return zero, err
	}
	if out == nil {
		return zero, nil
	}
	r, ok := out.(R)
	if !ok {
		return zero, fmt.Errorf("bus: result %T is not %T", out, zero)
	}
	return r, nil
}
