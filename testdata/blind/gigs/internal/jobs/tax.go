package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// SendTaxFormWorker sends the tax-form envelope for a collection request.
type SendTaxFormWorker struct {
	river.WorkerDefaults[queue.SendTaxFormArgs]
	tax service.Tax
	rec *metrics.Recorder
}

func (w *SendTaxFormWorker) Work(ctx context.Context, job *river.Job[queue.SendTaxFormArgs]) error {
	return finish(w.rec, job.Kind, w.tax.SendFormRequest(ctx, job.Args.RequestID))
}
