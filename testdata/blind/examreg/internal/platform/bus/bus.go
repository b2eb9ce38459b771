// Package bus is a small typed command bus. Each command type has exactly one
// handler; cross-cutting concerns are added by wrapping handlers in decorators.
package bus

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Handler handles one command type.
type Handler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

// Handle implements Handler.
func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Decorator wraps a handler.
type Decorator[C any] func(Handler[C]) Handler[C]

// Decorate applies decorators so that the first one listed is outermost.
func Decorate[C any](h Handler[C], decorators ...Decorator[C]) Handler[C] {
	for i := len(decorators) - 1; i >= 0; i-- {
		h = decorators[i](h)
	}
	return h
}

// CommandName is the metric/log label for a command type.
func CommandName[C any]() string {
	var zero C
	t := reflect.TypeOf(zero)
	if t == nil {
		return "unknown"
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

// WithLogging logs each command's outcome and duration.
func WithLogging[C any](log *slog.Logger) Decorator[C] {
	name := CommandName[C]()
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			start := time.Now()
			err := next.Handle(ctx, cmd)
			attrs := []any{slog.String("command", name), slog.Duration("took", time.Since(start))}
			if err != nil {
				log.ErrorContext(ctx, "command failed", append(attrs, slog.Any("err", err))...)
				return err
			}
			log.InfoContext(ctx, "command handled", attrs...)
			return nil
		})
	}
}

// Metrics are the collectors used by WithMetrics.
type Metrics struct {
	Handled  *prometheus.CounterVec
	Duration *prometheus.HistogramVec
}

// NewMetrics registers the command bus collectors.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		Handled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "examreg",
			Subsystem: "bus",
			Name:      "commands_total",
			Help:      "Commands handled, by command and outcome.",
		}, []string{"command", "outcome"}),
		Duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "examreg",
			Subsystem: "bus",
			Name:      "command_duration_seconds",
			Help:      "Command handling latency.",
			Buckets:   prometheus.DefBuckets,
		}, []string{"command"}),
	}
	reg.MustRegister(m.Handled, m.Duration)
	return m
}

// WithMetrics records count and latency per command.
func WithMetrics[C any](m *Metrics) Decorator[C] {
	name := CommandName[C]()
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			timer := prometheus.NewTimer(m.Duration.WithLabelValues(name))
			defer timer.ObserveDuration()
			err := next.Handle(ctx, cmd)
			outcome := "ok"
			if err != nil {
				outcome = "error"
			}
			m.Handled.WithLabelValues(name, outcome).Inc()
			return err
		})
	}
}

// Bus dispatches commands to the handler registered for their type.
type Bus struct {
	handlers map[reflect.Type]any
}

// New returns an empty bus.
func New() *Bus { return &Bus{handlers: make(map[reflect.Type]any)} }

// Register installs h as the handler for C. It panics on duplicates, which
// only happens during wiring.
func Register[C any](b *Bus, h Handler[C]) {
	t := reflect.TypeFor[C]()
	if _, dup := b.handlers[t]; dup {
		panic(fmt.Sprintf("bus: duplicate handler for %s", t))
	}
	b.handlers[t] = h
}

// Dispatch sends cmd to its handler.
func Dispatch[C any](ctx context.Context, b *Bus, cmd C) error {
	h, ok := b.handlers[reflect.TypeFor[C]()]
	if !ok {
		return fmt.Errorf("bus: no handler for %s", reflect.TypeFor[C]())
	}
	return h.(Handler[C]).Handle(ctx, cmd)
}
