package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// RefundChargeWorker refunds a milestone's funding to the client.
type RefundChargeWorker struct {
	river.WorkerDefaults[queue.RefundChargeArgs]
	milestones service.Milestones
	rec        *metrics.Recorder
}

func (w *RefundChargeWorker) Work(ctx context.Context, job *river.Job[queue.RefundChargeArgs]) error {
	return finish(w.rec, job.Kind, w.milestones.RefundCancelled(ctx, job.Args.MilestoneID))
}
