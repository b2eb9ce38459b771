package worker

import (
	"context"

	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/queue/tasks"
)

func (w *Worker) generateStatements(ctx context.Context, d tasks.Delivery[tasks.StatementsMonthlyPayload]) error {
	n, err := w.statements.GenerateMonthly(ctx, d.Payload.Period)
	w.log.Info("statement run", zap.String("period", d.Payload.Period), zap.Int("written", n), zap.Int("retried", d.Retried))
	return err
}
