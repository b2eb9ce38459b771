package decorators

import (
	"context"
	"log/slog"

	"github.com/quayside/lockers/internal/platform/observe"
	"github.com/quayside/lockers/internal/provider/payments"
	"github.com/quayside/lockers/internal/recipient"
)

type charger struct {
	base
	next recipient.Charger
}

// Charger instruments a payment client.
func Charger(next recipient.Charger, m *observe.Metrics, log *slog.Logger) recipient.Charger {
	return &charger{base: base{m, log}, next: next}
}

func (d *charger) Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (payments.Charge, error) {
	ch, err := observe.Instrument(ctx, d.m, d.log, "tillpoint", "charge", func(ctx context.Context) (payments.Charge, error) {
		return d.next.Charge(ctx, req, opts...)
	})
	if err == nil {
		d.log.InfoContext(ctx, "card charged", "charge_id", ch.ID, "amount_cents", req.AmountCents)
	}
	return ch, err
}
