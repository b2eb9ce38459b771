package workers

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

// SubmitPurchaseOrderWorker sends draft orders to the wholesale partner.
type SubmitPurchaseOrderWorker struct {
	river.WorkerDefaults[ports.SubmitPurchaseOrderJob]
	svc ports.PurchasingService
	log *zap.Logger
}

func (w *SubmitPurchaseOrderWorker) Timeout(*river.Job[ports.SubmitPurchaseOrderJob]) time.Duration {
	return time.Minute
}

func (w *SubmitPurchaseOrderWorker) Work(ctx context.Context, job *river.Job[ports.SubmitPurchaseOrderJob]) error {
	err := w.svc.Submit(ctx, job.Args.PurchaseOrderID)
	if errors.Is(err, domain.ErrValidation) {
		w.log.Error("partner rejected purchase order", zap.Stringer("po", job.Args.PurchaseOrderID), zap.Error(err))
		return river.JobCancel(err)
	}
	return err
}

// AmendPurchaseOrderWorker scales open orders after headcount increases.
type AmendPurchaseOrderWorker struct {
	river.WorkerDefaults[ports.AmendPurchaseOrderJob]
	svc ports.PurchasingService
}

func (w *AmendPurchaseOrderWorker) Work(ctx context.Context, job *river.Job[ports.AmendPurchaseOrderJob]) error {
	return w.svc.Amend(ctx, job.Args)
}
