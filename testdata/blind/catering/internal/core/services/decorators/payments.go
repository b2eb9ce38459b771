package decorators

import (
	"context"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

type paymentService struct {
	next ports.PaymentService
	o    observer
}

// Payments decorates a PaymentService.
func Payments(next ports.PaymentService, log *zap.Logger, m *metrics.Metrics) ports.PaymentService {
	return &paymentService{next: next, o: newObserver("payments", log, m)}
}

func (d *paymentService) ChargeDeposit(ctx context.Context, cmd ports.ChargeCommand) (domain.Payment, error) {
	return call(ctx, d.o, "ChargeDeposit", func() (domain.Payment, error) {
		return d.next.ChargeDeposit(ctx, cmd)
	}, zap.Stringer("event", cmd.EventID))
}

func (d *paymentService) ChargeBalance(ctx context.Context, cmd ports.ChargeCommand) (domain.Payment, error) {
	return call(ctx, d.o, "ChargeBalance", func() (domain.Payment, error) {
		return d.next.ChargeBalance(ctx, cmd)
	}, zap.Stringer("event", cmd.EventID))
}

func (d *paymentService) ApplySucceeded(ctx context.Context, u ports.PaymentIntentUpdate) error {
	return call0(ctx, d.o, "ApplySucceeded", func() error {
		return d.next.ApplySucceeded(ctx, u)
	}, zap.String("payment_intent", u.PaymentIntentID))
}

func (d *paymentService) ApplyFailed(ctx context.Context, u ports.PaymentIntentUpdate) error {
	return call0(ctx, d.o, "ApplyFailed", func() error {
		return d.next.ApplyFailed(ctx, u)
	}, zap.String("payment_intent", u.PaymentIntentID))
}

func (d *paymentService) ApplyRefundUpdate(ctx context.Context, u ports.RefundUpdate) error {
	return call0(ctx, d.o, "ApplyRefundUpdate", func() error {
		return d.next.ApplyRefundUpdate(ctx, u)
	}, zap.String("refund", u.StripeRefundID))
}

func (d *paymentService) RefundCancelledEvent(ctx context.Context, eventID uuid.UUID, bps int) error {
	return call0(ctx, d.o, "RefundCancelledEvent", func() error {
		return d.next.RefundCancelledEvent(ctx, eventID, bps)
	}, zap.Stringer("event", eventID), zap.Int("bps", bps))
}
