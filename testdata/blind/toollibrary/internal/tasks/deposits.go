package tasks

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/shedshare/toolsd/internal/platform/queue"
	"github.com/shedshare/toolsd/internal/service"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

// depositRelease is used by support tooling to release a deposit outside
// the workflow (e.g. after a workflow was terminated by an operator).
func (h *Handlers) depositRelease(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[payloads.DepositRelease](t)
	if err != nil {
		return err
	}
	reason := p.Reason
	if reason == "" {
		reason = "released by support"
	}
	return h.Deposits.Release(ctx, p.LoanID, reason)
}

func (h *Handlers) captureDamage(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[payloads.CaptureDamage](t)
	if err != nil {
		return err
	}
	return h.Deposits.CaptureForDamage(ctx, service.CaptureInput{
		LoanID:      p.LoanID,
		AmountCents: p.AmountCents,
		Reason:      p.Reason,
	})
}
