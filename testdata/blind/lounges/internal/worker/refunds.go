package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/aerolounge/loungepass/internal/tasks"
)

func (h *Handlers) handleRefund(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.RefundPayload](t)
	if err != nil {
		return err
	}
	return h.d.DayPasses.ProcessRefund(ctx, p.RefundID)
}
