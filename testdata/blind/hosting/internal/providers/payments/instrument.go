package payments

import (
	"context"
	"log/slog"
	"time"
)

// ChargeRefunder is the subset of Gateway used by billing.
type ChargeRefunder interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error)
	Refund(ctx context.Context, paymentRef string, amountCents int64, reason string, opts ...CallOption) (*RefundResult, error)
}

// Instrumented logs the latency and outcome of every money movement.
type Instrumented struct {
	next ChargeRefunder
	log  *slog.Logger
}

// Instrument wraps next with logging.
func Instrument(next ChargeRefunder, log *slog.Logger) *Instrumented {
	return &Instrumented{next: next, log: log.With("component", "payments")}
}

// Charge forwards to the wrapped provider.
func (i *Instrumented) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*ChargeResult, error) {
	start := time.Now()
	res, err := i.next.Charge(ctx, req, opts...)
	attrs := []any{"amount_cents", req.AmountCents, "customer", req.CustomerRef, "duration_ms", time.Since(start).Milliseconds()}
	if res != nil {
		attrs = append(attrs, "status", res.Status, "provider_ref", res.ProviderRef)
	}
	if err != nil {
		i.log.Warn("charge failed", append(attrs, "error", err)...)
	} else {
		i.log.Info("charge", attrs...)
	}
	return res, err
}

// Refund forwards to the wrapped provider.
func (i *Instrumented) Refund(ctx context.Context, paymentRef string, amountCents int64, reason string, opts ...CallOption) (*RefundResult, error) {
	start := time.Now()
	res, err := i.next.Refund(ctx, paymentRef, amountCents, reason, opts...)
	if err != nil {
		i.log.Warn("refund failed", "payment_ref", paymentRef, "amount_cents", amountCents, "error", err)
		return nil, err
	}
	i.log.Info("refund", "payment_ref", paymentRef, "amount_cents", amountCents,
		"provider_ref", res.ProviderRef, "duration_ms", time.Since(start).Milliseconds())
	return res, nil
}
