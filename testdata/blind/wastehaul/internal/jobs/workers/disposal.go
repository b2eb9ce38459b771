package workers

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/service/tipping"
)

// RemitTippingWorker pays a tipping batch to the landfill partner.
type RemitTippingWorker struct {
	river.WorkerDefaults[jobargs.RemitTipping]
	tipping tipping.Service
}

// Work implements river.Worker.
func (w *RemitTippingWorker) Work(ctx context.Context, job *river.Job[jobargs.RemitTipping]) error {
	return w.tipping.Remit(ctx, job.Args.BatchID)
}

// Timeout implements river.Worker.
func (w *RemitTippingWorker) Timeout(*river.Job[jobargs.RemitTipping]) time.Duration {
	return 2 * time.Minute
}
