// Package metrics wraps service interfaces with Prometheus instrumentation.
package metrics

import (
	"context"
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stripe/stripe-go/v82"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/service"
)

// Billing decorates service.Billing with call counts and latencies.
type Billing struct {
	next     service.Billing
	calls    *prometheus.CounterVec
	duration *prometheus.HistogramVec
	charged  prometheus.Counter
}

var _ service.Billing = (*Billing)(nil)

// DecorateBilling is used with fx.Decorate.
func DecorateBilling(next service.Billing, reg prometheus.Registerer) (service.Billing, error) {
	b := &Billing{
		next: next,
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "depobook",
			Subsystem: "billing",
			Name:      "calls_total",
			Help:      "Billing service calls by method and result.",
		}, []string{"method", "result"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "depobook",
			Subsystem: "billing",
			Name:      "call_duration_seconds",
			Help:      "Billing service call latency.",
			Buckets:   prometheus.DefBuckets,
		}, []string{"method"}),
		charged: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "depobook",
			Subsystem: "billing",
			Name:      "charged_cents_total",
			Help:      "Cents charged to cards through PayInvoice.",
		}),
	}
	for _, c := range []prometheus.Collector{b.calls, b.duration, b.charged} {
		if err := reg.Register(c); err != nil {
			var are prometheus.AlreadyRegisteredError
			if !errors.As(err, &are) {
				return nil, err
			}
		}
	}
	return b, nil
}

func (b *Billing) observe(method string, start time.Time, err error) {
	b.duration.WithLabelValues(method).Observe(time.Since(start).Seconds())
	b.calls.WithLabelValues(method, result(err)).Inc()
}

func result(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, domain.ErrCardDeclined):
		return "declined"
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, domain.ErrValidation), errors.Is(err, domain.ErrNotPayable):
		return "rejected"
	default:
		return "error"
	}
}

func (b *Billing) PayInvoice(ctx context.Context, in service.PayInvoiceInput) (out *service.PaymentResult, err error) {
	defer func(start time.Time) { b.observe("PayInvoice", start, err) }(time.Now())
	out, err = b.next.PayInvoice(ctx, in)
	if err == nil {
		b.charged.Add(float64(out.AmountCents))
	}
	return out, err
}

func (b *Billing) GenerateInvoice(ctx context.Context, bookingID string) (err error) {
	defer func(start time.Time) { b.observe("GenerateInvoice", start, err) }(time.Now())
	return b.next.GenerateInvoice(ctx, bookingID)
}

func (b *Billing) RunAutocharge(ctx context.Context, now time.Time, limit int) (sum service.AutochargeSummary, err error) {
	defer func(start time.Time) { b.observe("RunAutocharge", start, err) }(time.Now())
	return b.next.RunAutocharge(ctx, now, limit)
}

func (b *Billing) HandleStripeEvent(ctx context.Context, evt stripe.Event) (err error) {
	defer func(start time.Time) { b.observe("HandleStripeEvent", start, err) }(time.Now())
	return b.next.HandleStripeEvent(ctx, evt)
}
