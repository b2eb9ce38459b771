// Package commands provides a tiny generic command-handler abstraction used by
// the reseller gateway so cross-cutting concerns (logging, timeouts, metrics)
// can be layered without touching the business code.
package commands

import (
	"context"
	"log/slog"
	"time"
)

// Handler handles one command type and returns its result.
type Handler[C any, R any] interface {
	Handle(ctx context.Context, cmd C) (R, error)
}

// Func adapts a plain function to Handler.
type Func[C any, R any] func(ctx context.Context, cmd C) (R, error)

func (f Func[C, R]) Handle(ctx context.Context, cmd C) (R, error) { return f(ctx, cmd) }

// Middleware wraps a handler.
type Middleware[C any, R any] func(Handler[C, R]) Handler[C, R]

// Chain applies middlewares so that the first one is the outermost.
func Chain[C any, R any](h Handler[C, R], mws ...Middleware[C, R]) Handler[C, R] {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// WithLogging logs every command with its outcome and latency.
func WithLogging[C any, R any](name string, log *slog.Logger) Middleware[C, R] {
	return func(next Handler[C, R]) Handler[C, R] {
		return Func[C, R](func(ctx context.Context, cmd C) (R, error) {
			start := time.Now()
			res, err := next.Handle(ctx, cmd)
			attrs := []any{"command", name, "took", time.Since(start)}
			if err != nil {
				log.WarnContext(ctx, "command failed", append(attrs, "err", err)...)
			} else {
				log.InfoContext(ctx, "command handled", attrs...)
			}
			return res, err
		})
	}
}

// WithTimeout bounds the time a command may take.
func WithTimeout[C any, R any](d time.Duration) Middleware[C, R] {
	return func(next Handler[C, R]) Handler[C, R] {
		return Func[C, R](func(ctx context.Context, cmd C) (R, error) {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next.Handle(ctx, cmd)
		})
	}
}

// Build is a convenience for the common logging+timeout stack.
func Build[C any, R any](name string, log *slog.Logger, timeout time.Duration, fn func(context.Context, C) (R, error)) Handler[C, R] {
	return Chain[C, R](Func[C, R](fn), WithLogging[C, R](name, log), WithTimeout[C, R](timeout))
}
