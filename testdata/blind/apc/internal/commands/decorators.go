package commands

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"time"
)

// Named lets a command give itself a stable name for logs and metrics.
type Named interface {
	CommandName() string
}

func nameOf[C any](cmd C) string {
	if n, ok := any(cmd).(Named); ok {
		return n.CommandName()
	}
	return reflect.TypeFor[C]().Name()
}

// WithLogging logs every command with its duration and outcome.
func WithLogging[C any](log *slog.Logger) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			start := time.Now()
			name := nameOf(cmd)
			err := next.Handle(ctx, cmd)
			attrs := []any{"command", name, "duration_ms", time.Since(start).Milliseconds()}
			if err != nil {
				log.WarnContext(ctx, "command failed", append(attrs, "err", err)...)
				return err
			}
			log.InfoContext(ctx, "command handled", attrs...)
			return nil
		})
	}
}

// WithTimeout bounds how long a command may run.
func WithTimeout[C any](d time.Duration) Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return next.Handle(ctx, cmd)
		})
	}
}

// WithRecover turns a panic in a handler into an error.
func WithRecover[C any]() Decorator[C] {
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("commands: %s panicked: %v", nameOf(cmd), r)
				}
			}()
			return next.Handle(ctx, cmd)
		})
	}
}
