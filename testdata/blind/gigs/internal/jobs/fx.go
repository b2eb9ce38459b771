package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// ExpireQuotesWorker expires FX quotes past their validity.
type ExpireQuotesWorker struct {
	river.WorkerDefaults[queue.ExpireQuotesArgs]
	fx  service.FX
	rec *metrics.Recorder
	now func() time.Time
}

func (w *ExpireQuotesWorker) Work(ctx context.Context, job *river.Job[queue.ExpireQuotesArgs]) error {
	_, err := w.fx.ExpireQuotes(ctx, w.now())
	return finish(w.rec, job.Kind, err)
}
