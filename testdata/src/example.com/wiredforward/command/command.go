// Package command is a generic command handler, its function adapter
// and decorators that wrap one handler in another.
package command

import (
	"context"
	"log"
)

// Handler handles commands of type C.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

// Handle calls f.
func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Decorator wraps a handler.
type Decorator[C any] func(Handler[C]) Handler[C]

// Chain applies decorators, the first outermost.
func Chain[C any](h Handler[C], ds ...Decorator[C]) Handler[C] {
	for i := len(ds) - 1; i >= 0; i-- {
		h = ds[i](h)
	}
	return h
}

// WithLogging logs each command's failure.
func WithLogging[C any](name string) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			err := next.Handle(ctx, cmd)
			if err != nil {
				log.Printf("%s: %v", name, err)
			}
			return err
		})
	}
}
