package tasks

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/queue"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

func (h *Handlers) sweepUnpaidFees(ctx context.Context, t *asynq.Task) error {
	asOf, err := h.sweepTime(t)
	if err != nil {
		return err
	}
	n, err := h.Fees.SweepOutstanding(ctx, asOf)
	h.Log.InfoContext(ctx, "unpaid fee sweep", "queued", n)
	return err
}

func (h *Handlers) feeCharge(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[payloads.FeeCharge](t)
	if err != nil {
		return err
	}
	_, err = h.Fees.Pay(ctx, p.FeeID, p.Source)
	if errors.Is(err, domain.ErrPaymentDeclined) {
		// The member has been told; the nightly sweep tries again.
		return nil
	}
	return err
}
