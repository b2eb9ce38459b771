package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// PlatformFeeWorker books the platform fee of a release.
type PlatformFeeWorker struct {
	river.WorkerDefaults[queue.PlatformFeeArgs]
	fees service.Fees
	rec  *metrics.Recorder
}

func (w *PlatformFeeWorker) Work(ctx context.Context, job *river.Job[queue.PlatformFeeArgs]) error {
	return finish(w.rec, job.Kind, w.fees.RecordPlatformFee(ctx, job.Args.ReleaseID))
}
