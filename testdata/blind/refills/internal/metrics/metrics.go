// Package metrics records call counts and latencies for the services. The
// decorators in this package wrap each service interface.
package metrics

import (
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/scriptline/refills/internal/domain"
)

type Recorder struct {
	calls   *prometheus.CounterVec
	latency *prometheus.HistogramVec
}

func NewRecorder(reg prometheus.Registerer) *Recorder {
	r := &Recorder{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "refills",
			Name:      "service_calls_total",
			Help:      "Service method calls by outcome.",
		}, []string{"service", "method", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "refills",
			Name:      "service_call_seconds",
			Help:      "Service method latency.",
			Buckets:   prometheus.ExponentialBuckets(0.005, 2.5, 10),
		}, []string{"service", "method"}),
	}
	reg.MustRegister(r.calls, r.latency)
	return r
}

func outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, domain.ErrNotFound):
		return "not_found"
	case errors.Is(err, domain.ErrInvalid):
		return "invalid"
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrWrongState),
		errors.Is(err, domain.ErrAlreadyCancelled), errors.Is(err, domain.ErrAlreadyVerified):
		return "conflict"
	default:
		return "error"
	}
}

func (r *Recorder) record(service, method string, start time.Time, err error) {
	r.latency.WithLabelValues(service, method).Observe(time.Since(start).Seconds())
	r.calls.WithLabelValues(service, method, outcome(err)).Inc()
}

// observe times fn under service/method.
func observe(r *Recorder, service, method string, fn func() error) error {
	start := time.Now()
	err := fn()
	r.record(service, method, start, err)
	return err
}

// observe1 is observe for methods returning a value.
func observe1[T any](r *Recorder, service, method string, fn func() (T, error)) (T, error) {
	start := time.Now()
	v, err := fn()
	r.record(service, method, start, err)
	return v, err
}

// observe2 is observe for methods returning two values.
func observe2[A, B any](r *Recorder, service, method string, fn func() (A, B, error)) (A, B, error) {
	start := time.Now()
	a, b, err := fn()
	r.record(service, method, start, err)
	return a, b, err
}
