package events

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Logging logs each event with its outcome and duration.
func Logging(log *slog.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, env Envelope) error {
			start := time.Now()
			err := next(ctx, env)
			attrs := []any{
				"event_id", env.ID, "event_type", env.Type, "topic", env.Topic,
				"partition", env.Partition, "offset", env.Offset, "took", time.Since(start),
			}
			if err != nil {
				log.WarnContext(ctx, "event failed", append(attrs, "err", err)...)
				return err
			}
			log.DebugContext(ctx, "event handled", attrs...)
			return nil
		}
	}
}

// Metrics counts events and observes handler latency.
type Metrics struct {
	handled  *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// NewMetrics registers the consumer metrics.
func NewMetrics(reg *prometheus.Registry) *Metrics {
	m := &Metrics{
		handled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "procure", Subsystem: "consumer", Name: "events_total",
			Help: "Events handled, by type and outcome.",
		}, []string{"type", "outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "procure", Subsystem: "consumer", Name: "handler_seconds",
			Help: "Handler latency.", Buckets: prometheus.DefBuckets,
		}, []string{"type"}),
	}
	reg.MustRegister(m.handled, m.duration)
	return m
}

// Middleware returns the metrics middleware.
func (m *Metrics) Middleware() Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, env Envelope) error {
			timer := prometheus.NewTimer(m.duration.WithLabelValues(env.Type))
			defer timer.ObserveDuration()
			err := next(ctx, env)
			outcome := "ok"
			switch {
			case errors.Is(err, ErrPoison):
				outcome = "poison"
			case err != nil:
				outcome = "error"
			}
			m.handled.WithLabelValues(env.Type, outcome).Inc()
			return err
		}
	}
}
