package worker

import (
	"context"

	"github.com/inkloop/printshop/internal/queue/tasks"
)

func (w *Worker) deliverWebhook(ctx context.Context, d tasks.Delivery[tasks.MerchantWebhookPayload]) error {
	return w.notifications.Deliver(ctx, d.Payload.DeliveryID)
}
