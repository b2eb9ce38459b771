package workers

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/northmill/procure/internal/tasks"
)

// SendOrderWorker transmits submitted POs.
type SendOrderWorker struct {
	river.WorkerDefaults[tasks.SendPurchaseOrder]
	orders OrderTransmitter
}

// Work implements river.Worker.
func (w *SendOrderWorker) Work(ctx context.Context, job *river.Job[tasks.SendPurchaseOrder]) error {
	return w.orders.SendOrder(ctx, job.Args.POID)
}

// Timeout bounds one attempt.
func (w *SendOrderWorker) Timeout(*river.Job[tasks.SendPurchaseOrder]) time.Duration {
	return time.Minute
}

// SendChangeWorker transmits PO amendments.
type SendChangeWorker struct {
	river.WorkerDefaults[tasks.SendPOChange]
	orders OrderTransmitter
}

// Work implements river.Worker.
func (w *SendChangeWorker) Work(ctx context.Context, job *river.Job[tasks.SendPOChange]) error {
	return w.orders.SendChange(ctx, job.Args.AmendmentID)
}

// RepriceLinesWorker applies catalogue price changes to draft POs.
type RepriceLinesWorker struct {
	river.WorkerDefaults[tasks.RepriceOpenLines]
	prices   PriceSource
	repricer DraftRepricer
}

// Work implements river.Worker.
func (w *RepriceLinesWorker) Work(ctx context.Context, job *river.Job[tasks.RepriceOpenLines]) error {
	price, version, err := w.prices.CurrentPrice(ctx, job.Args.SupplierID, job.Args.SKU)
	if err != nil {
		return err
	}
	if version > job.Args.Version {
		// A newer change has its own job.
		return nil
	}
	_, err = w.repricer.RepriceDraftLines(ctx, job.Args.SupplierID, job.Args.SKU, price)
	return err
}
