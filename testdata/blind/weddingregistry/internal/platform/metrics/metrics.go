// Package metrics holds the Prometheus collectors shared by the service
// decorators and a couple of generic helpers to time calls.
package metrics

import (
	"context"
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Recorder records the outcome and latency of service operations.
type Recorder struct {
	calls    *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// NewRecorder registers the service collectors on reg.
func NewRecorder(reg prometheus.Registerer) *Recorder {
	r := &Recorder{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "registry",
			Name:      "service_calls_total",
			Help:      "Service method calls by outcome.",
		}, []string{"service", "method", "outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "registry",
			Name:      "service_call_duration_seconds",
			Help:      "Service method latency.",
			Buckets:   prometheus.DefBuckets,
		}, []string{"service", "method"}),
	}
	reg.MustRegister(r.calls, r.duration)
	return r
}

// Observe records one call.
func (r *Recorder) Observe(service, method string, start time.Time, err error) {
	if r == nil {
		return
	}
	r.calls.WithLabelValues(service, method, outcome(err)).Inc()
	r.duration.WithLabelValues(service, method).Observe(time.Since(start).Seconds())
}

func outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	default:
		return "error"
	}
}

// Track times fn and records it under service/method.
func Track[T any](r *Recorder, service, method string, fn func() (T, error)) (T, error) {
	start := time.Now()
	v, err := fn()
	r.Observe(service, method, start, err)
	return v, err
}

// TrackErr is Track for functions that only return an error.
func TrackErr(r *Recorder, service, method string, fn func() error) error {
	start := time.Now()
	err := fn()
	r.Observe(service, method, start, err)
	return err
}

// ProviderCalls counts outbound calls to third parties.
type ProviderCalls struct {
	vec *prometheus.CounterVec
}

// NewProviderCalls registers the provider call counter on reg.
func NewProviderCalls(reg prometheus.Registerer) *ProviderCalls {
	vec := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "registry",
		Name:      "provider_calls_total",
		Help:      "Outbound calls to payment, retail and email providers.",
	}, []string{"provider", "operation", "outcome"})
	reg.MustRegister(vec)
	return &ProviderCalls{vec: vec}
}

// Inc counts one call.
func (p *ProviderCalls) Inc(provider, operation string, err error) {
	if p == nil {
		return
	}
	p.vec.WithLabelValues(provider, operation, outcome(err)).Inc()
}
