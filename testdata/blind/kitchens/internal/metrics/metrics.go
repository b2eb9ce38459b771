// Package metrics exposes Prometheus collectors for the service layer,
// the HTTP API and the background consumers.
package metrics

import (
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/hearthkit/commissary/internal/domain"
)

// Recorder implements service.Recorder on Prometheus.
type Recorder struct {
	calls    *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// NewRecorder registers the service call collectors on reg.
func NewRecorder(reg prometheus.Registerer) (*Recorder, error) {
	r := &Recorder{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "commissary",
			Name:      "service_calls_total",
			Help:      "Service calls by service, method and outcome.",
		}, []string{"service", "method", "outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "commissary",
			Name:      "service_call_seconds",
			Help:      "Service call latency.",
			Buckets:   prometheus.ExponentialBuckets(0.005, 2, 12),
		}, []string{"service", "method"}),
	}
	for _, c := range []prometheus.Collector{r.calls, r.duration} {
		if err := reg.Register(c); err != nil {
			var are prometheus.AlreadyRegisteredError
			if !errors.As(err, &are) {
				return nil, err
			}
		}
	}
	return r, nil
}

// ObserveCall records one service call.
func (r *Recorder) ObserveCall(service, method string, elapsed time.Duration, err error) {
	r.calls.WithLabelValues(service, method, outcome(err)).Inc()
	r.duration.WithLabelValues(service, method).Observe(elapsed.Seconds())
}

func outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, domain.ErrValidation):
		return "invalid"
	case errors.Is(err, domain.ErrNotFound):
		return "not_found"
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrSlotUnavailable),
		errors.Is(err, domain.ErrInvalidTransition), errors.Is(err, domain.ErrAlreadyCancelled):
		return "conflict"
	default:
		return "error"
	}
}
