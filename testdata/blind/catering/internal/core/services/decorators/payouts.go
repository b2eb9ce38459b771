package decorators

import (
	"context"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

type payoutService struct {
	next ports.PayoutService
	o    observer
}

// Payouts decorates a PayoutService.
func Payouts(next ports.PayoutService, log *zap.Logger, m *metrics.Metrics) ports.PayoutService {
	return &payoutService{next: next, o: newObserver("payouts", log, m)}
}

func (d *payoutService) PlanPayouts(ctx context.Context, period string) (int, error) {
	return call(ctx, d.o, "PlanPayouts", func() (int, error) {
		return d.next.PlanPayouts(ctx, period)
	}, zap.String("period", period))
}

func (d *payoutService) PayVenue(ctx context.Context, payoutID uuid.UUID) error {
	return call0(ctx, d.o, "PayVenue", func() error {
		return d.next.PayVenue(ctx, payoutID)
	}, zap.Stringer("payout", payoutID))
}
