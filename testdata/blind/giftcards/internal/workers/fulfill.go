package workers

import (
	"context"
	"errors"

	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/service"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

// FulfillPurchaseWorker issues the card for a paid consumer purchase.
type FulfillPurchaseWorker struct {
	river.WorkerDefaults[tasks.FulfillPurchase]
	purchases service.Purchases
}

func (w *FulfillPurchaseWorker) Work(ctx context.Context, job *river.Job[tasks.FulfillPurchase]) error {
	err := w.purchases.Fulfill(ctx, job.Args.PurchaseID)
	if errors.Is(err, service.ErrInvalidState) {
		return river.JobCancel(err)
	}
	return err
}
