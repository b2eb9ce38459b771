package gifting

import (
	"context"
	"time"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/metrics"
)

const svcName = "gifting"

type instrumented struct {
	next Service
	rec  *metrics.Recorder
}

// WithMetrics decorates a Service with call metrics.
func WithMetrics(next Service, rec *metrics.Recorder) Service {
	return &instrumented{next: next, rec: rec}
}

func (m *instrumented) Checkout(ctx context.Context, in CheckoutInput) (CheckoutResult, error) {
	return metrics.Track(m.rec, svcName, "Checkout", func() (CheckoutResult, error) {
		return m.next.Checkout(ctx, in)
	})
}

func (m *instrumented) Contribute(ctx context.Context, in ContributeInput) (ContributionIntent, error) {
	return metrics.Track(m.rec, svcName, "Contribute", func() (ContributionIntent, error) {
		return m.next.Contribute(ctx, in)
	})
}

func (m *instrumented) CancelUnits(ctx context.Context, in CancelInput) (db.PurchaseCancellation, error) {
	return metrics.Track(m.rec, svcName, "CancelUnits", func() (db.PurchaseCancellation, error) {
		return m.next.CancelUnits(ctx, in)
	})
}

func (m *instrumented) ExpireStaleCheckouts(ctx context.Context, olderThan time.Duration) (int, error) {
	return metrics.Track(m.rec, svcName, "ExpireStaleCheckouts", func() (int, error) {
		return m.next.ExpireStaleCheckouts(ctx, olderThan)
	})
}
