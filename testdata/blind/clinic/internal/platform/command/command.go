// Package command defines a generic command handler with decorators for
// logging and metrics, used to wrap application use cases.
package command

import (
	"context"
	"expvar"
	"log/slog"
	"time"
)

// Handler executes a single use case.
type Handler[In, Out any] interface {
	Handle(ctx context.Context, in In) (Out, error)
}

// Func adapts a function to Handler.
type Func[In, Out any] func(ctx context.Context, in In) (Out, error)

func (f Func[In, Out]) Handle(ctx context.Context, in In) (Out, error) { return f(ctx, in) }

// WithLogging logs the outcome and latency of every call.
func WithLogging[In, Out any](name string, log *slog.Logger, next Handler[In, Out]) Handler[In, Out] {
	return Func[In, Out](func(ctx context.Context, in In) (Out, error) {
		start := time.Now()
		out, err := next.Handle(ctx, in)
		attrs := []any{"command", name, "duration", time.Since(start)}
		if err != nil {
			log.WarnContext(ctx, "command failed", append(attrs, "err", err)...)
		} else {
			log.DebugContext(ctx, "command ok", attrs...)
		}
		return out, err
	})
}

// Metrics exposes per-command counters through expvar.
type Metrics struct {
	calls  *expvar.Map
	errors *expvar.Map
	millis *expvar.Map
}

func NewMetrics() *Metrics {
	return &Metrics{
		calls:  expvar.NewMap("command_calls"),
		errors: expvar.NewMap("command_errors"),
		millis: expvar.NewMap("command_millis"),
	}
}

// WithMetrics counts calls, errors and cumulative latency.
func WithMetrics[In, Out any](name string, m *Metrics, next Handler[In, Out]) Handler[In, Out] {
	return Func[In, Out](func(ctx context.Context, in In) (Out, error) {
		start := time.Now()
		out, err := next.Handle(ctx, in)
		m.calls.Add(name, 1)
		m.millis.Add(name, time.Since(start).Milliseconds())
		if err != nil {
			m.errors.Add(name, 1)
		}
		return out, err
	})
}

// Decorate applies the standard decorator stack.
func Decorate[In, Out any](name string, log *slog.Logger, m *Metrics, h Handler[In, Out]) Handler[In, Out] {
	return WithLogging(name, log, WithMetrics(name, m, h))
}
