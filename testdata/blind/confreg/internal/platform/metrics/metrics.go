// Package metrics holds the Prometheus collectors shared by the binaries.
package metrics

import (
	"errors"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/halcyonevents/confreg/internal/domain"
)

// Recorder records service call outcomes and message handling.
type Recorder struct {
	calls    *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	messages *prometheus.CounterVec
	jobs     *prometheus.CounterVec
}

// NewRecorder registers the collectors on reg.
func NewRecorder(reg prometheus.Registerer) *Recorder {
	r := &Recorder{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "confreg", Name: "service_calls_total",
			Help: "Service method calls by outcome.",
		}, []string{"service", "method", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "confreg", Name: "service_call_seconds",
			Help:    "Service method latency.",
			Buckets: prometheus.DefBuckets,
		}, []string{"service", "method"}),
		messages: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "confreg", Name: "messages_handled_total",
			Help: "Messages handled by consumer and outcome.",
		}, []string{"consumer", "outcome"}),
		jobs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "confreg", Name: "job_runs_total",
			Help: "Nightly job runs by task and outcome.",
		}, []string{"task", "outcome"}),
	}
	reg.MustRegister(r.calls, r.latency, r.messages, r.jobs)
	return r
}

// ObserveCall records one service call.
func (r *Recorder) ObserveCall(service, method string, start time.Time, err error) {
	r.calls.WithLabelValues(service, method, outcome(err)).Inc()
	r.latency.WithLabelValues(service, method).Observe(time.Since(start).Seconds())
}

// ObserveMessage records one message handling attempt.
func (r *Recorder) ObserveMessage(consumer string, err error) {
	r.messages.WithLabelValues(consumer, outcome(err)).Inc()
}

// ObserveJob records one nightly task run.
func (r *Recorder) ObserveJob(task string, err error) {
	r.jobs.WithLabelValues(task, outcome(err)).Inc()
}

// Handler serves the default registry.
func Handler() http.Handler { return promhttp.Handler() }

func outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, domain.ErrInvalidInput),
		errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrAlreadyCancelled):
		return "client_error"
	default:
		return "error"
	}
}
