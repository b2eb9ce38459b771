package worker

import (
	"context"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/service"
)

func (w *Worker) requestLabel(ctx context.Context, d tasks.Delivery[tasks.LabelRequestPayload]) error {
	return w.labels.RequestLabel(ctx, d.Payload.PrintJobID)
}

func (w *Worker) createReturnLabel(ctx context.Context, d tasks.Delivery[tasks.LabelReturnPayload]) error {
	shp, err := w.labels.CreateReturnLabel(ctx, d.Payload.OrderID, d.Payload.Reason)
	if errors.Is(err, service.ErrNotFound) {
		return fmt.Errorf("return label for %s: %w", d.Payload.OrderID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	w.log.Info("return label created", zap.String("order_id", d.Payload.OrderID), zap.String("shipment_id", shp.ID))
	return nil
}
