// Package metrics holds the Prometheus collectors shared by the binaries.
package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics is the set of collectors used by service decorators and handlers.
type Metrics struct {
	Calls    *prometheus.CounterVec
	Latency  *prometheus.HistogramVec
	Tasks    *prometheus.CounterVec
	Webhooks *prometheus.CounterVec
	GateMsgs *prometheus.CounterVec
}

// New registers the collectors on reg.
func New(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		Calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "storagedesk", Name: "service_calls_total",
			Help: "Service method calls by outcome.",
		}, []string{"service", "method", "outcome"}),
		Latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "storagedesk", Name: "service_call_seconds",
			Help: "Service method latency.", Buckets: prometheus.DefBuckets,
		}, []string{"service", "method"}),
		Tasks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "storagedesk", Name: "tasks_total",
			Help: "Background tasks processed by outcome.",
		}, []string{"type", "outcome"}),
		Webhooks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "storagedesk", Name: "webhooks_total",
			Help: "Inbound partner webhooks by provider and type.",
		}, []string{"provider", "type", "outcome"}),
		GateMsgs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "storagedesk", Name: "gate_messages_total",
			Help: "Gate-controller queue messages by type and outcome.",
		}, []string{"type", "outcome"}),
	}
	reg.MustRegister(m.Calls, m.Latency, m.Tasks, m.Webhooks, m.GateMsgs)
	return m
}

// Observe records one call of service.method.
func (m *Metrics) Observe(service, method string, start time.Time, err error) {
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.Calls.WithLabelValues(service, method, outcome).Inc()
	m.Latency.WithLabelValues(service, method).Observe(time.Since(start).Seconds())
}
