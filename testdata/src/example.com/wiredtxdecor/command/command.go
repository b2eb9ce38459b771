// Package command is a command bus: each use case is a Handler[C], and
// decorators add logging and transactions where handlers are wired.
package command

import (
	"context"
	"log/slog"
)

// Handler handles one command type.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Decorator wraps a handler.
type Decorator[C any] func(Handler[C]) Handler[C]

// Apply wraps h with ds, the first outermost.
func Apply[C any](h Handler[C], ds ...Decorator[C]) Handler[C] {
	for i := len(ds) - 1; i >= 0; i-- {
		h = ds[i](h)
	}
	return h
}

// TxRunner runs work in a transaction it carries in the context.
type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Logged logs each command's failure.
func Logged[C any](log *slog.Logger) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			err := next.Handle(ctx, cmd)
			if err != nil {
				log.WarnContext(ctx, "command failed", "err", err)
			}
			return err
		})
	}
}

// Transactional runs the handler inside a transaction carried on ctx.
func Transactional[C any](tx TxRunner) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			return tx.InTx(ctx, func(ctx context.Context) error {
				return next.Handle(ctx, cmd)
			})
		})
	}
}
