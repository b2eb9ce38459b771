package worker

import (
	"context"

	"github.com/inkloop/printshop/internal/queue/tasks"
)

func (w *Worker) chargeOrder(ctx context.Context, d tasks.Delivery[tasks.OrderChargePayload]) error {
	return w.orders.ChargeOrder(ctx, d.Payload.OrderID)
}
