package cqrs

import (
	"context"
	"expvar"
	"log/slog"
	"time"
)

// WithLogging logs each command's outcome and duration.
func WithLogging[C any](log *slog.Logger) Decorator[C] {
	name := CommandName[C]()
	return func(next CommandHandler[C]) CommandHandler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			start := time.Now()
			err := next.Handle(ctx, cmd)
			attrs := []any{
				slog.String("command", name),
				slog.Duration("took", time.Since(start)),
			}
			if err != nil {
				log.WarnContext(ctx, "command failed", append(attrs, slog.Any("err", err))...)
				return err
			}
			log.DebugContext(ctx, "command handled", attrs...)
			return nil
		})
	}
}

// Metrics holds counters published through expvar.
type Metrics struct {
	handled *expvar.Map
	failed  *expvar.Map
	latency *expvar.Map
}

// NewMetrics registers the command counters under prefix.
func NewMetrics(prefix string) *Metrics {
	return &Metrics{
		handled: expvar.NewMap(prefix + "_commands_handled"),
		failed:  expvar.NewMap(prefix + "_commands_failed"),
		latency: expvar.NewMap(prefix + "_commands_latency_ms"),
	}
}

// WithMetrics counts outcomes and accumulates latency per command type.
func WithMetrics[C any](m *Metrics) Decorator[C] {
	name := CommandName[C]()
	return func(next CommandHandler[C]) CommandHandler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			start := time.Now()
			err := next.Handle(ctx, cmd)
			m.latency.Add(name, time.Since(start).Milliseconds())
			if err != nil {
				m.failed.Add(name, 1)
				return err
			}
			m.handled.Add(name, 1)
			return nil
		})
	}
}

// Standard wraps h with the decorators every command gets.
func Standard[C any](h CommandHandler[C], log *slog.Logger, m *Metrics) CommandHandler[C] {
	return Decorate(h, WithLogging[C](log), WithMetrics[C](m))
}
