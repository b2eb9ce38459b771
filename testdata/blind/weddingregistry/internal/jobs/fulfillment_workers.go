package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/tiedknot/registry/internal/fulfillment"
)

// cancelIfPermanent stops River from retrying failures that will not heal.
func cancelIfPermanent(err error) error {
	if errors.Is(err, fulfillment.ErrPermanent) {
		return river.JobCancel(err)
	}
	return err
}

// PlaceOrderWorker places retailer orders for paid purchases.
type PlaceOrderWorker struct {
	river.WorkerDefaults[PlaceOrderArgs]
	svc fulfillment.Service
}

func (w *PlaceOrderWorker) Timeout(*river.Job[PlaceOrderArgs]) time.Duration { return 2 * time.Minute }

func (w *PlaceOrderWorker) Work(ctx context.Context, job *river.Job[PlaceOrderArgs]) error {
	return cancelIfPermanent(w.svc.PlaceOrderForPurchase(ctx, job.Args.PurchaseID))
}

// GroupGiftFulfillWorker orders funded group gifts.
type GroupGiftFulfillWorker struct {
	river.WorkerDefaults[GroupGiftFulfillArgs]
	svc fulfillment.Service
}

func (w *GroupGiftFulfillWorker) Timeout(*river.Job[GroupGiftFulfillArgs]) time.Duration {
	return 2 * time.Minute
}

func (w *GroupGiftFulfillWorker) Work(ctx context.Context, job *river.Job[GroupGiftFulfillArgs]) error {
	return cancelIfPermanent(w.svc.FulfillGroupGift(ctx, job.Args.GroupGiftID))
}
