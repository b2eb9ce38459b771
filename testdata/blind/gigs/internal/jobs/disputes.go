package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// DisputeSplitWorker applies a resolved dispute's split to escrow.
type DisputeSplitWorker struct {
	river.WorkerDefaults[queue.DisputeSplitArgs]
	disputes service.Disputes
	rec      *metrics.Recorder
}

func (w *DisputeSplitWorker) Work(ctx context.Context, job *river.Job[queue.DisputeSplitArgs]) error {
	return finish(w.rec, job.Kind, w.disputes.ApplySplit(ctx, job.Args.DisputeID))
}
