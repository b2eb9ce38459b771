package command

import (
	"context"
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the Prometheus collectors shared by all command handlers.
type Metrics struct {
	handled  *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// NewMetrics registers the command collectors on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		handled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "ancillaries",
			Subsystem: "commands",
			Name:      "handled_total",
			Help:      "Commands handled, by command and outcome.",
		}, []string{"command", "outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "ancillaries",
			Subsystem: "commands",
			Name:      "duration_seconds",
			Help:      "Command handling latency.",
			Buckets:   prometheus.DefBuckets,
		}, []string{"command"}),
	}
	reg.MustRegister(m.handled, m.duration)
	return m
}

// WithMetrics records outcome counters and latency for a command handler.
func WithMetrics[C any](m *Metrics) Decorator[C] {
	name := Name[C]()
	return func(next Handler[C]) Handler[C] {
		return HandlerFunc[C](func(ctx context.Context, cmd C) error {
			start := time.Now()
			err := next.Handle(ctx, cmd)
			m.duration.WithLabelValues(name).Observe(time.Since(start).Seconds())
			m.handled.WithLabelValues(name, outcome(err)).Inc()
			return err
		})
	}
}

func outcome(err error) string {
	var verr *ValidationError
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &verr):
		return "invalid"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "cancelled"
	default:
		return "error"
	}
}
