package fulfillment

import (
	"context"

	"github.com/tiedknot/registry/internal/platform/metrics"
	"github.com/tiedknot/registry/internal/providers/retailer"
)

const svcName = "fulfillment"

type instrumented struct {
	next Service
	rec  *metrics.Recorder
}

// WithMetrics decorates a Service with call metrics.
func WithMetrics(next Service, rec *metrics.Recorder) Service {
	return &instrumented{next: next, rec: rec}
}

func (m *instrumented) PlaceOrderForPurchase(ctx context.Context, purchaseID string) error {
	return metrics.TrackErr(m.rec, svcName, "PlaceOrderForPurchase", func() error {
		return m.next.PlaceOrderForPurchase(ctx, purchaseID)
	})
}

func (m *instrumented) FulfillGroupGift(ctx context.Context, groupGiftID string) error {
	return metrics.TrackErr(m.rec, svcName, "FulfillGroupGift", func() error {
		return m.next.FulfillGroupGift(ctx, groupGiftID)
	})
}

func (m *instrumented) RecordShipmentEvent(ctx context.Context, partner string, evt retailer.WebhookEvent) error {
	return metrics.TrackErr(m.rec, svcName, "RecordShipmentEvent", func() error {
		return m.next.RecordShipmentEvent(ctx, partner, evt)
	})
}
