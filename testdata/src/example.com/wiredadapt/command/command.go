// Package command is a generic command handler, a function adapter to
// it, and a decorator.
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

type logging[C any] struct{ next Handler[C] }

// Logged logs each command's failure.
func Logged[C any](next Handler[C]) Handler[C] { return &logging[C]{next: next} }

func (h *logging[C]) Handle(ctx context.Context, cmd C) error {
	err := h.next.Handle(ctx, cmd)
	if err != nil {
		log.Print(err)
	}
	return err
}

// Build adapts fn to Handler and logs its failures: the caller sees
// neither the adapter nor the decorator.
func Build[C any](fn func(ctx context.Context, cmd C) error) Handler[C] {
	return Logged[C](HandlerFunc[C](fn))
}
