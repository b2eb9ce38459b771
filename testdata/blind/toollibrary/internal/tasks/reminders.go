package tasks

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/shedshare/toolsd/internal/platform/queue"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

func (h *Handlers) sweepDueSoon(ctx context.Context, t *asynq.Task) error {
	asOf, err := h.sweepTime(t)
	if err != nil {
		return err
	}
	n, err := h.Notices.SweepDueSoon(ctx, asOf)
	h.Log.InfoContext(ctx, "due-soon sweep", "queued", n)
	return err
}

func (h *Handlers) dueSoonReminder(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[payloads.DueSoonReminder](t)
	if err != nil {
		return err
	}
	due, err := h.parseDate(p.DueDate)
	if err != nil {
		return err
	}
	return h.Notices.SendDueSoonReminder(ctx, p.LoanID, due)
}
