package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/aerolounge/loungepass/internal/tasks"
)

func (h *Handlers) handleLoyaltyResend(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.LoyaltyResendPayload](t)
	if err != nil {
		return err
	}
	_, err = h.d.Loyalty.ResendVisits(ctx, p)
	return err
}
