// Package observe provides the metrics and structured logging used by the
// service decorators, gRPC interceptors and consumers.
package observe

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics is the set of collectors shared by a process.
type Metrics struct {
	calls    *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	messages *prometheus.CounterVec
	jobs     *prometheus.CounterVec
}

func NewMetrics(reg prometheus.Registerer, namespace string) *Metrics {
	m := &Metrics{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace,
			Name:      "operation_total",
			Help:      "Service operations by component, operation and outcome.",
		}, []string{"component", "op", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: namespace,
			Name:      "operation_duration_seconds",
			Help:      "Service operation latency.",
			Buckets:   prometheus.DefBuckets,
		}, []string{"component", "op"}),
		messages: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace,
			Name:      "messages_total",
			Help:      "Consumed messages by topic, type and outcome.",
		}, []string{"topic", "type", "outcome"}),
		jobs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace,
			Name:      "jobs_total",
			Help:      "Queue jobs by type and outcome.",
		}, []string{"type", "outcome"}),
	}
	reg.MustRegister(m.calls, m.latency, m.messages, m.jobs)
	return m
}

func outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	default:
		return "error"
	}
}

// ObserveCall records one operation.
func (m *Metrics) ObserveCall(component, op string, start time.Time, err error) {
	if m == nil {
		return
	}
	m.calls.WithLabelValues(component, op, outcome(err)).Inc()
	m.latency.WithLabelValues(component, op).Observe(time.Since(start).Seconds())
}

func (m *Metrics) ObserveMessage(topic, typ string, err error) {
	if m == nil {
		return
	}
	m.messages.WithLabelValues(topic, typ, outcome(err)).Inc()
}

func (m *Metrics) ObserveJob(typ string, err error) {
	if m == nil {
		return
	}
	m.jobs.WithLabelValues(typ, outcome(err)).Inc()
}

// Instrument wraps a call that returns a value with metrics and an error log.
func Instrument[T any](ctx context.Context, m *Metrics, log *slog.Logger, component, op string, fn func(context.Context) (T, error)) (T, error) {
	start := time.Now()
	v, err := fn(ctx)
	m.ObserveCall(component, op, start, err)
	if err != nil && log != nil {
		log.ErrorContext(ctx, "operation failed", "component", component, "op", op, "err", err,
			"duration_ms", time.Since(start).Milliseconds())
	}
	return v, err
}

// InstrumentErr is Instrument for calls that return only an error.
func InstrumentErr(ctx context.Context, m *Metrics, log *slog.Logger, component, op string, fn func(context.Context) error) error {
	_, err := Instrument(ctx, m, log, component, op, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	})
	return err
}

// NewLogger returns the JSON logger used by all binaries.
func NewLogger(service string, level slog.Level) *slog.Logger {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})
	return slog.New(h).With("service", service)
}
