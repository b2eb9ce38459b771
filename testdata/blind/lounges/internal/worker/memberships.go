package worker

import (
	"context"

	"github.com/hibiken/asynq"
)

func (h *Handlers) handleRenewalReminders(ctx context.Context, _ *asynq.Task) error {
	n, err := h.d.Notifications.SendRenewalReminders(ctx)
	if err != nil {
		return err
	}
	h.log.InfoContext(ctx, "renewal reminders sent", "count", n)
	return nil
}

func (h *Handlers) handleChargeRenewals(ctx context.Context, _ *asynq.Task) error {
	n, err := h.d.Renewals.ChargeDue(ctx)
	if err != nil {
		return err
	}
	h.log.InfoContext(ctx, "memberships renewed", "count", n)
	return nil
}
