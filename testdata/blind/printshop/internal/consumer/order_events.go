package consumer

import (
	"context"

	"github.com/inkloop/printshop/internal/queue/sqsbus"
)

func (h *Handlers) shipmentDelivered(ctx context.Context, m sqsbus.Message) error {
	evt, err := decode[sqsbus.OrderEvent](m)
	if err != nil {
		return err
	}
	return dropIfGone(h.tracking.HandleDelivered(ctx, evt.OrderID, evt.ShipmentID, evt.TrackingCode, evt.OccurredAt))
}
