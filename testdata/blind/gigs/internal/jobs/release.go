package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// ReleaseFundsWorker applies a release of held escrow to the freelancer.
type ReleaseFundsWorker struct {
	river.WorkerDefaults[queue.ReleaseFundsArgs]
	work service.Work
	rec  *metrics.Recorder
}

func (w *ReleaseFundsWorker) Work(ctx context.Context, job *river.Job[queue.ReleaseFundsArgs]) error {
	err := w.work.ReleaseFunds(ctx, service.ReleaseOrder{
		ReleaseID:   job.Args.ReleaseID,
		MilestoneID: job.Args.MilestoneID,
		GrossMinor:  job.Args.GrossMinor,
		Source:      job.Args.Source,
	})
	return finish(w.rec, job.Kind, err)
}

// NextRetry backs off slowly: the usual failure is a frozen escrow, which
// only clears when a dispute is settled.
func (w *ReleaseFundsWorker) NextRetry(job *river.Job[queue.ReleaseFundsArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * time.Minute)
}
