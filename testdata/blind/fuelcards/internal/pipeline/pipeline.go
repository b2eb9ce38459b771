// Package pipeline holds the small generic command pipeline shared by the
// HTTP handlers and the queue workers: a handler type, middleware that wraps
// it, and decorators for logging, timing and validation.
package pipeline

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// Handler executes one command and returns its result.
type Handler[C any, R any] func(ctx context.Context, cmd C) (R, error)

// Middleware wraps a Handler with cross-cutting behaviour.
type Middleware[C any, R any] func(next Handler[C, R]) Handler[C, R]

// Unit is the result type of handlers that return nothing.
type Unit struct{}

// Chain applies middleware so that the first one listed is the outermost.
func Chain[C any, R any](h Handler[C, R], mws ...Middleware[C, R]) Handler[C, R] {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// Func adapts a function returning only an error into a Handler.
func Func[C any](fn func(ctx context.Context, cmd C) error) Handler[C, Unit] {
	return func(ctx context.Context, cmd C) (Unit, error) {
		return Unit{}, fn(ctx, cmd)
	}
}

// Logged logs every invocation with its duration and outcome. Expected
// business errors (those matched by quiet) are logged at info level.
func Logged[C any, R any](log *slog.Logger, name string, quiet ...error) Middleware[C, R] {
	return func(next Handler[C, R]) Handler[C, R] {
		return func(ctx context.Context, cmd C) (R, error) {
			start := time.Now()
			res, err := next(ctx, cmd)
			elapsed := time.Since(start)
			attrs := []any{
				slog.String("handler", name),
				slog.Duration("elapsed", elapsed),
			}
			switch {
			case err == nil:
				log.DebugContext(ctx, "handler ok", attrs...)
			case isAny(err, quiet):
				log.InfoContext(ctx, "handler rejected", append(attrs, slog.String("error", err.Error()))...)
			default:
				log.ErrorContext(ctx, "handler failed", append(attrs, slog.String("error", err.Error()))...)
			}
			return res, err
		}
	}
}

// Observer receives handler timings, typically a metrics histogram.
type Observer interface {
	Observe(name string, elapsed time.Duration, err error)
}

// Timed reports each invocation's duration to obs.
func Timed[C any, R any](obs Observer, name string) Middleware[C, R] {
	return func(next Handler[C, R]) Handler[C, R] {
		return func(ctx context.Context, cmd C) (R, error) {
			start := time.Now()
			res, err := next(ctx, cmd)
			obs.Observe(name, time.Since(start), err)
			return res, err
		}
	}
}

// Validator is implemented by commands that can check themselves.
type Validator interface {
	Validate() error
}

// Validated rejects commands whose Validate method fails before they reach
// the handler.
func Validated[C Validator, R any]() Middleware[C, R] {
	return func(next Handler[C, R]) Handler[C, R] {
		return func(ctx context.Context, cmd C) (R, error) {
			if err := cmd.Validate(); err != nil {
				var zero R
				return zero, err
			}
			return next(ctx, cmd)
		}
	}
}

// WithTimeout bounds each invocation with a deadline.
func WithTimeout[C any, R any](d time.Duration) Middleware[C, R] {
	return func(next Handler[C, R]) Handler[C, R] {
		return func(ctx context.Context, cmd C) (R, error) {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next(ctx, cmd)
		}
	}
}

func isAny(err error, targets []error) bool {
	for _, t := range targets {
		if errors.Is(err, t) {
			return true
		}
	}
	return false
}
