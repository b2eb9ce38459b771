package tasks

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/shedshare/toolsd/internal/platform/queue"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

func (h *Handlers) repairDispatch(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[payloads.RepairDispatch](t)
	if err != nil {
		return err
	}
	order, err := h.Repairs.Dispatch(ctx, p.DamageReportID)
	if err != nil {
		return err
	}
	h.Log.InfoContext(ctx, "repair dispatched", "report_id", p.DamageReportID, "order_id", order.ID, "partner", order.PartnerID)
	return nil
}
