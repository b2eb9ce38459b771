package worker

import (
	"context"

	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/queue/tasks"
)

func (w *Worker) submitPrintJob(ctx context.Context, d tasks.Delivery[tasks.PrintSubmitPayload]) error {
	return w.fulfilment.SubmitJob(ctx, d.Payload.PrintJobID)
}

func (w *Worker) reconcileFacility(ctx context.Context, d tasks.Delivery[tasks.PrintReconcilePayload]) error {
	n, err := w.fulfilment.Reconcile(ctx, d.Payload.Facility)
	if n > 0 {
		w.log.Info("reconciled jobs", zap.String("facility", d.Payload.Facility), zap.Int("changed", n))
	}
	return err
}
