package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/aerolounge/loungepass/internal/tasks"
)

// handleAllowance credits the monthly guest pass allowance. The scheduler
// fires it on the 1st; ops can enqueue it with an explicit period.
func (h *Handlers) handleAllowance(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.AllowancePayload](t)
	if err != nil {
		return err
	}
	_, err = h.d.Guests.GrantMonthlyAllowance(ctx, p.Period)
	return err
}
