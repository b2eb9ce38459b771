// Package metrics wraps the Prometheus collectors shared by the service
// decorators, the job workers and the provider clients.
package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Recorder owns the collectors. A nil *Recorder is valid and records nothing,
// which keeps tests free of registry plumbing.
type Recorder struct {
	calls    *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	provider *prometheus.CounterVec
	jobs     *prometheus.CounterVec
}

// NewRecorder registers the escrow collectors on reg.
func NewRecorder(reg prometheus.Registerer) (*Recorder, error) {
	r := &Recorder{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "escrow",
			Name:      "calls_total",
			Help:      "Service calls by component, operation and outcome.",
		}, []string{"component", "op", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "escrow",
			Name:      "call_duration_seconds",
			Help:      "Service call latency.",
			Buckets:   prometheus.ExponentialBuckets(0.005, 2, 12),
		}, []string{"component", "op"}),
		provider: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "escrow",
			Name:      "provider_requests_total",
			Help:      "Outbound provider HTTP requests by provider, endpoint and status class.",
		}, []string{"provider", "endpoint", "status"}),
		jobs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "escrow",
			Name:      "jobs_total",
			Help:      "River jobs worked by kind and outcome.",
		}, []string{"kind", "outcome"}),
	}
	for _, c := range []prometheus.Collector{r.calls, r.latency, r.provider, r.jobs} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (r *Recorder) observe(component, op, outcome string, d time.Duration) {
	r.calls.WithLabelValues(component, op, outcome).Inc()
	r.latency.WithLabelValues(component, op).Observe(d.Seconds())
}

// ProviderRequest counts one outbound provider request.
func (r *Recorder) ProviderRequest(provider, endpoint string, status int) {
	if r == nil {
		return
	}
	class := "err"
	if status > 0 {
		class = string(rune('0'+status/100)) + "xx"
	}
	r.provider.WithLabelValues(provider, endpoint, class).Inc()
}

// Job counts one worked job.
func (r *Recorder) Job(kind string, err error) {
	if r == nil {
		return
	}
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	r.jobs.WithLabelValues(kind, outcome).Inc()
}
