// Package command is the small command bus every service is built on. Each
// use case is a Handler[C] for its command type C; cross-cutting behaviour
// (logging, validation, transactions) is layered on with Decorators when the
// handler is wired.
package command

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"time"

	"github.com/frostline-arena/rinkops/internal/platform"
)

// Handler handles one command type.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Decorator wraps a handler with extra behaviour.
type Decorator[C any] func(Handler[C]) Handler[C]

// Apply wraps h with ds; the first decorator is the outermost.
func Apply[C any](h Handler[C], ds ...Decorator[C]) Handler[C] {
	for i := len(ds) - 1; i >= 0; i-- {
		h = ds[i](h)
	}
	return h
}

// Validator is implemented by commands that can check themselves.
type Validator interface {
	Validate() error
}

// Validated rejects commands whose Validate method fails.
func Validated[C any]() Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			if v, ok := any(cmd).(Validator); ok {
				if err := v.Validate(); err != nil {
					return fmt.Errorf("%w: %v", platform.ErrInvalid, err)
				}
			}
			return next.Handle(ctx, cmd)
		})
	}
}

// Logged logs each command's outcome and latency.
func Logged[C any](log *slog.Logger) Decorator[C] {
	name := commandName[C]()
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			start := time.Now()
			err := next.Handle(ctx, cmd)
			attrs := []any{"command", name, "took", time.Since(start)}
			if err != nil {
				log.WarnContext(ctx, "command failed", append(attrs, "err", err)...)
			} else {
				log.DebugContext(ctx, "command handled", attrs...)
			}
			return err
		})
	}
}

// Transactional runs the handler inside a transaction carried on ctx, so
// every repository call made through platform.Conn joins it.
func Transactional[C any](tx platform.TxRunner) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			return tx.InTx(ctx, func(ctx context.Context) error {
				return next.Handle(ctx, cmd)
			})
		})
	}
}

// Standard is the decorator stack used for most handlers.
func Standard[C any](log *slog.Logger) []Decorator[C] {
	return []Decorator[C]{Logged[C](log), Validated[C]()}
}

func commandName[C any]() string {
	var zero C
	t := reflect.TypeOf(zero)
	if t == nil {
		return "unknown"
	}
	return t.String()
}

// QueryHandler answers a read-only query.
type QueryHandler[Q any, R any] interface {
	Query(ctx context.Context, q Q) (R, error)
}

type QueryFunc[Q any, R any] func(ctx context.Context, q Q) (R, error)

func (f QueryFunc[Q, R]) Query(ctx context.Context, q Q) (R, error) { return f(ctx, q) }
