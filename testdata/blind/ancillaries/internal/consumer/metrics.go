package consumer

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics counts consumed events.
type Metrics struct {
	events  *prometheus.CounterVec
	latency *prometheus.HistogramVec
}

// NewMetrics registers the consumer collectors.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		events: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "ancillaries", Subsystem: "consumer", Name: "events_total",
			Help: "Events handled, by type and outcome.",
		}, []string{"type", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "ancillaries", Subsystem: "consumer", Name: "handle_seconds",
			Help: "Event handling latency including retries.",
		}, []string{"type"}),
	}
	reg.MustRegister(m.events, m.latency)
	return m
}

func (m *Metrics) observe(eventType string, start time.Time, err error) {
	if m == nil {
		return
	}
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.events.WithLabelValues(eventType, outcome).Inc()
	m.latency.WithLabelValues(eventType).Observe(time.Since(start).Seconds())
}
