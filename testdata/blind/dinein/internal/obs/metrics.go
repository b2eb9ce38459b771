package obs

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Metrics groups the collectors used by decorators across the service.
type Metrics struct {
	Registry   *prometheus.Registry
	OpDuration *prometheus.HistogramVec
	OpErrors   *prometheus.CounterVec
	Provider   *prometheus.HistogramVec
	Jobs       *prometheus.CounterVec
}

// NewMetrics registers the standard collectors.
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		OpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "dinein",
			Name:      "service_op_duration_seconds",
			Help:      "Duration of service operations.",
			Buckets:   prometheus.DefBuckets,
		}, []string{"service", "op"}),
		OpErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "dinein",
			Name:      "service_op_errors_total",
			Help:      "Service operations that returned an error.",
		}, []string{"service", "op"}),
		Provider: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "dinein",
			Name:      "provider_call_duration_seconds",
			Help:      "Duration of calls to external providers.",
			Buckets:   []float64{.05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"provider", "call", "outcome"}),
		Jobs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "dinein",
			Name:      "jobs_worked_total",
			Help:      "Background jobs worked, by kind and outcome.",
		}, []string{"kind", "outcome"}),
	}
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.OpDuration, m.OpErrors, m.Provider, m.Jobs,
	)
	return m
}

// ObserveOp records the duration and outcome of one service operation.
func (m *Metrics) ObserveOp(service, op string, start time.Time, err error) {
	m.OpDuration.WithLabelValues(service, op).Observe(time.Since(start).Seconds())
	if err != nil {
		m.OpErrors.WithLabelValues(service, op).Inc()
	}
}

// ObserveProvider records one call to an external provider.
func (m *Metrics) ObserveProvider(provider, call string, start time.Time, err error) {
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.Provider.WithLabelValues(provider, call, outcome).Observe(time.Since(start).Seconds())
}
