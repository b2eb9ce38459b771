package worker

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"

	"github.com/aerolounge/loungepass/internal/tasks"
)

// handleReceipt emails a receipt. The task ID doubles as the mail provider's
// idempotency key, so asynq retries of this task send one email.
func (h *Handlers) handleReceipt(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.ReceiptPayload](t)
	if err != nil {
		return err
	}
	id, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("receipt task without id: %w", asynq.SkipRetry)
	}
	return h.d.Notifications.SendReceipt(ctx, p, id)
}

func (h *Handlers) handleTransferEmail(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.TransferEmailPayload](t)
	if err != nil {
		return err
	}
	return h.d.Notifications.SendTransferEmail(ctx, p.TransferID)
}
