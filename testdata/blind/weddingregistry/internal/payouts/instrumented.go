package payouts

import (
	"context"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/metrics"
)

const svcName = "payouts"

type instrumented struct {
	next Service
	rec  *metrics.Recorder
}

// WithMetrics decorates a Service with call metrics.
func WithMetrics(next Service, rec *metrics.Recorder) Service {
	return &instrumented{next: next, rec: rec}
}

func (m *instrumented) ConnectAccount(ctx context.Context, ownerID, registryID string) (OnboardingLink, error) {
	return metrics.Track(m.rec, svcName, "ConnectAccount", func() (OnboardingLink, error) {
		return m.next.ConnectAccount(ctx, ownerID, registryID)
	})
}

func (m *instrumented) RequestPayout(ctx context.Context, ownerID, registryID string, in PayoutInput) (db.Payout, error) {
	return metrics.Track(m.rec, svcName, "RequestPayout", func() (db.Payout, error) {
		return m.next.RequestPayout(ctx, ownerID, registryID, in)
	})
}

func (m *instrumented) ScheduleSweep(ctx context.Context, period time.Time) (int, error) {
	return metrics.Track(m.rec, svcName, "ScheduleSweep", func() (int, error) {
		return m.next.ScheduleSweep(ctx, period)
	})
}

func (m *instrumented) PayOutFund(ctx context.Context, fundID string, period time.Time) error {
	return metrics.TrackErr(m.rec, svcName, "PayOutFund", func() error {
		return m.next.PayOutFund(ctx, fundID, period)
	})
}

func (m *instrumented) SyncAccount(ctx context.Context, evt stripe.Event) error {
	return metrics.TrackErr(m.rec, svcName, "SyncAccount", func() error {
		return m.next.SyncAccount(ctx, evt)
	})
}
