package lab

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/providers/httpclient"
)

// OrderWorker submits test orders to the partner.
type OrderWorker struct {
	river.WorkerDefaults[jobs.LabOrderArgs]
	svc Service
}

// NewOrderWorker builds the worker.
func NewOrderWorker(svc Service) *OrderWorker { return &OrderWorker{svc: svc} }

func (w *OrderWorker) Work(ctx context.Context, job *river.Job[jobs.LabOrderArgs]) error {
	err := w.svc.SubmitOrder(ctx, job.Args.SampleID)
	if err != nil && !httpclient.IsRetryable(err) {
		return river.JobCancel(err)
	}
	return err
}

// Timeout bounds one submission.
func (w *OrderWorker) Timeout(*river.Job[jobs.LabOrderArgs]) time.Duration { return 45 * time.Second }
