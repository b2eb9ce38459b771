package billing

import (
	"context"
	"log/slog"
	"time"

	"github.com/haulcore/wastehaul/internal/providers/payments"
)

// Charger creates card charges. *payments.Client implements it.
type Charger interface {
	CreateCharge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.Charge, error)
}

type loggingCharger struct {
	next Charger
	log  *slog.Logger
}

// WithLogging decorates a Charger with one log line per call.
func WithLogging(next Charger, log *slog.Logger) Charger {
	return &loggingCharger{next: next, log: log}
}

func (c *loggingCharger) CreateCharge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.Charge, error) {
	start := time.Now()
	ch, err := c.next.CreateCharge(ctx, req, opts...)
	attrs := []any{
		"customer", req.Customer,
		"amount", req.AmountCents,
		"dur_ms", time.Since(start).Milliseconds(),
	}
	if err != nil {
		c.log.WarnContext(ctx, "charge failed", append(attrs, "err", err)...)
		return nil, err
	}
	c.log.InfoContext(ctx, "charge created", append(attrs, "charge", ch.ID, "status", ch.Status)...)
	return ch, nil
}
