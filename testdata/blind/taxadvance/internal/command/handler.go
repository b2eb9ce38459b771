// Package command provides a small generic command-handler abstraction with
// composable decorators, used by the HTTP API to keep transport code thin.
package command

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"
)

// Handler executes one kind of command.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Decorator wraps a handler with cross-cutting behaviour.
type Decorator[C any] func(Handler[C]) Handler[C]

// Chain applies decorators so the first one listed is the outermost.
func Chain[C any](h Handler[C], decorators ...Decorator[C]) Handler[C] {
	for i := len(decorators) - 1; i >= 0; i-- {
		h = decorators[i](h)
	}
	return h
}

// Validator is implemented by commands that can check themselves.
type Validator interface {
	Validate() error
}

// ErrInvalid wraps validation failures reported by WithValidation.
var ErrInvalid = errors.New("invalid command")

// WithValidation rejects commands whose Validate method fails.
func WithValidation[C Validator]() Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			if err := cmd.Validate(); err != nil {
				return fmt.Errorf("%w: %w", ErrInvalid, err)
			}
			return next.Handle(ctx, cmd)
		})
	}
}

// WithLogging logs the outcome and latency of every command.
func WithLogging[C any](log *slog.Logger, name string) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			start := time.Now()
			err := next.Handle(ctx, cmd)
			attrs := []any{"command", name, "duration_ms", time.Since(start).Milliseconds()}
			if err != nil {
				log.WarnContext(ctx, "command failed", append(attrs, "err", err)...)
			} else {
				log.InfoContext(ctx, "command handled", attrs...)
			}
			return err
		})
	}
}

// WithTimeout bounds the time a command may take.
func WithTimeout[C any](d time.Duration) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next.Handle(ctx, cmd)
		})
	}
}

// WithRecover turns panics into errors so one bad command cannot take down
// the process.
func WithRecover[C any](log *slog.Logger) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) (err error) {
			defer func() {
				if r := recover(); r != nil {
					log.ErrorContext(ctx, "command panicked", "panic", r, "stack", string(debug.Stack()))
					err = fmt.Errorf("internal error: %v", r)
				}
			}()
			return next.Handle(ctx, cmd)
		})
	}
}
