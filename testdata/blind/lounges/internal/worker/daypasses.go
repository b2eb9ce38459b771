package worker

import (
	"context"

	"github.com/hibiken/asynq"
)

func (h *Handlers) handleExpire(ctx context.Context, _ *asynq.Task) error {
	n, err := h.d.DayPasses.ExpireStale(ctx)
	if err != nil {
		return err
	}
	h.log.InfoContext(ctx, "day passes expired", "count", n)
	return nil
}
