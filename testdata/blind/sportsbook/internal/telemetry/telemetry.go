// Package telemetry provides the shared Prometheus collectors and an
// OpenTelemetry tracer used by the service decorators.
package telemetry

import (
	"context"
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// Metrics groups the collectors shared by service decorators.
type Metrics struct {
	Calls    *prometheus.CounterVec
	Duration *prometheus.HistogramVec
	Events   *prometheus.CounterVec
}

// NewMetrics registers the collectors on reg.
func NewMetrics(reg prometheus.Registerer, namespace string) *Metrics {
	m := &Metrics{
		Calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace,
			Name:      "service_calls_total",
			Help:      "Service method calls by component, method and outcome.",
		}, []string{"component", "method", "outcome"}),
		Duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: namespace,
			Name:      "service_call_duration_seconds",
			Help:      "Service method latency.",
			Buckets:   prometheus.DefBuckets,
		}, []string{"component", "method"}),
		Events: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace,
			Name:      "events_total",
			Help:      "Consumed or published events by type and outcome.",
		}, []string{"type", "outcome"}),
	}
	reg.MustRegister(m.Calls, m.Duration, m.Events)
	return m
}

// Observe records one call. Use it as `defer m.Observe("wallet", "Credit", time.Now(), &err)`.
func (m *Metrics) Observe(component, method string, start time.Time, errp *error) {
	outcome := "ok"
	if errp != nil && *errp != nil {
		outcome = "error"
		if errors.Is(*errp, context.Canceled) {
			outcome = "canceled"
		}
	}
	m.Calls.WithLabelValues(component, method, outcome).Inc()
	m.Duration.WithLabelValues(component, method).Observe(time.Since(start).Seconds())
}

// Tracer returns the named tracer from the global provider.
func Tracer(name string) trace.Tracer {
	return otel.Tracer("github.com/kickoffbet/sportsbook/" + name)
}

// Start opens a span with string attributes given as key/value pairs.
func Start(ctx context.Context, t trace.Tracer, name string, kv ...string) (context.Context, trace.Span) {
	attrs := make([]attribute.KeyValue, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		attrs = append(attrs, attribute.String(kv[i], kv[i+1]))
	}
	return t.Start(ctx, name, trace.WithAttributes(attrs...))
}

// End records err on the span and ends it.
func End(span trace.Span, err error) {
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}
