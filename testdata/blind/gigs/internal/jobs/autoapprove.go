package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// AutoApproveWorker approves milestones left unreviewed past the review
// window. It runs periodically.
type AutoApproveWorker struct {
	river.WorkerDefaults[queue.AutoApproveArgs]
	work service.Work
	rec  *metrics.Recorder
	now  func() time.Time
}

func (w *AutoApproveWorker) Work(ctx context.Context, job *river.Job[queue.AutoApproveArgs]) error {
	n, err := w.work.AutoApproveOverdue(ctx, w.now())
	if n > 0 {
		slog.InfoContext(ctx, "auto-approved milestones", "count", n)
	}
	return finish(w.rec, job.Kind, err)
}

func (w *AutoApproveWorker) Timeout(*river.Job[queue.AutoApproveArgs]) time.Duration {
	return 5 * time.Minute
}
