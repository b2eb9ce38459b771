package sqsconsumer

import (
	"context"

	"github.com/tidewater/loyalty/internal/domain"
)

// FulfilmentService applies partner order status changes.
type FulfilmentService interface {
	MarkFulfilled(ctx context.Context, cb domain.PartnerCallback) error
	MarkRejected(ctx context.Context, messageID string, cb domain.PartnerCallback) error
	RecordShipment(ctx context.Context, cb domain.PartnerCallback) error
	MarkCancelled(ctx context.Context, cb domain.PartnerCallback) error
}

// Callbacks adapts the fulfilment service to the poller's routing table.
type Callbacks struct {
	svc FulfilmentService
}

func NewCallbacks(svc FulfilmentService) *Callbacks {
	return &Callbacks{svc: svc}
}

// Routes is the callback-type -> handler table registered with the poller.
func (c *Callbacks) Routes() map[string]CallbackFunc {
	return map[string]CallbackFunc{
		"order.fulfilled": c.OnFulfilled,
		"order.rejected":  c.OnRejected,
		"order.shipped":   c.OnShipped,
		"order.cancelled": c.OnCancelled,
	}
}

func (c *Callbacks) OnFulfilled(ctx context.Context, d Delivery) error {
	return c.svc.MarkFulfilled(ctx, d.Callback)
}

func (c *Callbacks) OnRejected(ctx context.Context, d Delivery) error {
	return c.svc.MarkRejected(ctx, d.MessageID, d.Callback)
}

func (c *Callbacks) OnShipped(ctx context.Context, d Delivery) error {
	return c.svc.RecordShipment(ctx, d.Callback)
}

func (c *Callbacks) OnCancelled(ctx context.Context, d Delivery) error {
	return c.svc.MarkCancelled(ctx, d.Callback)
}
