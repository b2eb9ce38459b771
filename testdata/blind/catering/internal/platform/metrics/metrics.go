// Package metrics registers the Prometheus collectors used by the services.
package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

type Metrics struct {
	Registry       *prometheus.Registry
	ServiceCalls   *prometheus.CounterVec
	ServiceLatency *prometheus.HistogramVec
	HTTPRequests   *prometheus.CounterVec
	ProviderCalls  *prometheus.CounterVec
	WebhookEvents  *prometheus.CounterVec
	JobsProcessed  *prometheus.CounterVec
}

func New() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		ServiceCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "catering", Name: "service_calls_total",
			Help: "Service method calls by outcome.",
		}, []string{"service", "method", "outcome"}),
		ServiceLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "catering", Name: "service_call_seconds",
			Help:    "Service method latency.",
			Buckets: prometheus.DefBuckets,
		}, []string{"service", "method"}),
		HTTPRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "catering", Name: "http_requests_total",
			Help: "HTTP requests by route and status class.",
		}, []string{"route", "code"}),
		ProviderCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "catering", Name: "provider_calls_total",
			Help: "Outbound provider calls.",
		}, []string{"provider", "op", "outcome"}),
		WebhookEvents: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "catering", Name: "webhook_events_total",
			Help: "Inbound webhook events by source and type.",
		}, []string{"source", "type", "outcome"}),
		JobsProcessed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "catering", Name: "jobs_processed_total",
			Help: "Background jobs by kind and outcome.",
		}, []string{"kind", "outcome"}),
	}
	reg.MustRegister(m.ServiceCalls, m.ServiceLatency, m.HTTPRequests, m.ProviderCalls, m.WebhookEvents, m.JobsProcessed)
	reg.MustRegister(prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}

// Observe records one service call.
func (m *Metrics) Observe(service, method string, start time.Time, err error) {
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.ServiceCalls.WithLabelValues(service, method, outcome).Inc()
	m.ServiceLatency.WithLabelValues(service, method).Observe(time.Since(start).Seconds())
}

func Outcome(err error) string {
	if err != nil {
		return "error"
	}
	return "ok"
}

func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
}
