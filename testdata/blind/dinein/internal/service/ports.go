package service

import (
	"context"

	"github.com/dinein/platform/internal/dispatch"
)

// CourierPartner is the subset of the dispatch partner client the services
// use.
type CourierPartner interface {
	CreateDelivery(ctx context.Context, req dispatch.DeliveryRequest, opts ...dispatch.RequestOption) (*dispatch.Delivery, error)
	CancelDelivery(ctx context.Context, id, reason string) error
	AddTip(ctx context.Context, deliveryID string, tip dispatch.Tip) error
}
