package tasks

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"

	"github.com/shedshare/toolsd/internal/platform/queue"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

func (h *Handlers) sweepOverdue(ctx context.Context, t *asynq.Task) error {
	asOf, err := h.sweepTime(t)
	if err != nil {
		return err
	}
	n, err := h.Notices.SweepOverdue(ctx, asOf)
	h.Log.InfoContext(ctx, "overdue sweep", "queued", n)
	return err
}

// overdueNotice sends one overdue SMS. The SMS client_ref is the task ID,
// which asynq keeps across retries of this task, so a retried task does
// not text the member twice.
func (h *Handlers) overdueNotice(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[payloads.OverdueNotice](t)
	if err != nil {
		return err
	}
	taskID, ok := asynq.GetTaskID(ctx)
	if !ok {
		return fmt.Errorf("overdue notice without task id: %w", asynq.SkipRetry)
	}
	return h.Notices.SendOverdueNotice(ctx, p.LoanID, "overdue:"+taskID)
}

func (h *Handlers) feeFailedNotice(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[payloads.FeeFailedNotice](t)
	if err != nil {
		return err
	}
	day, err := h.parseDate(p.AttemptDate)
	if err != nil {
		return err
	}
	return h.Notices.SendFeeFailedNotice(ctx, p.FeeID, day)
}
