package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/obs"
	"github.com/dinein/platform/internal/queue"
	"github.com/dinein/platform/internal/service"
	"github.com/dinein/platform/internal/store"
)

// Deps are the services the workers call.
type Deps struct {
	fx.In

	Refunds       service.RefundService
	Payouts       service.PayoutService
	Dispatch      service.DispatchService
	Notifications service.NotificationService
	Loyalty       service.LoyaltyService
	Log           *zap.Logger
	Metrics       *obs.Metrics
}

// table lists every job kind this binary works.
func (d Deps) table() []entry {
	return []entry{
		job(d.issueRefund, 30*time.Second),
		job(d.refundAdjustment, 30*time.Second),
		job(d.executePayout, 2*time.Minute),
		job(d.requestCourier, 30*time.Second),
		job(d.forwardTip, 30*time.Second),
		job(d.sendSMS, 15*time.Second),
		job(d.sendReceipt, 15*time.Second),
		job(d.accrueLoyalty, 15*time.Second),
	}
}

// NewWorkers registers every worker in the table.
func NewWorkers(d Deps) (*river.Workers, error) {
	ws := river.NewWorkers()
	log := d.Log.Named("jobs")
	for _, e := range d.table() {
		if err := e.register(ws, log.With(zap.String("kind", e.kind)), d.Metrics); err != nil {
			return nil, fmt.Errorf("register %s: %w", e.kind, err)
		}
	}
	return ws, nil
}

// permanent stops River from retrying errors that cannot succeed later.
func permanent(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrNotFound),
		errors.Is(err, service.ErrNotRefundable),
		errors.Is(err, service.ErrInvalidState):
		return river.JobCancel(err)
	}
	return err
}

func (d Deps) issueRefund(ctx context.Context, j *river.Job[queue.RefundArgs]) error {
	return permanent(d.Refunds.IssueRefund(ctx, j.Args.RefundID))
}

func (d Deps) refundAdjustment(ctx context.Context, j *river.Job[queue.AdjustmentRefundArgs]) error {
	return permanent(d.Refunds.RefundAdjustment(ctx, j.Args.AdjustmentID))
}

func (d Deps) executePayout(ctx context.Context, j *river.Job[queue.PayoutArgs]) error {
	start, err := j.Args.Period()
	if err != nil {
		return river.JobCancel(err)
	}
	p, err := d.Payouts.ExecutePayout(ctx, j.Args.RestaurantID, start)
	if err != nil {
		return permanent(err)
	}
	d.Log.Info("payout complete", zap.Stringer("payout", p.ID), zap.String("status", p.Status),
		zap.Int64("amount", p.AmountCents))
	return nil
}

func (d Deps) requestCourier(ctx context.Context, j *river.Job[queue.DispatchArgs]) error {
	_, err := d.Dispatch.RequestCourier(ctx, j.Args.OrderID, j.Args.Attempt)
	return permanent(err)
}

func (d Deps) forwardTip(ctx context.Context, j *river.Job[queue.TipForwardArgs]) error {
	err := d.Dispatch.ForwardTip(ctx, j.Args.TipID)
	if errors.Is(err, service.ErrNoCourierDelivery) {
		return river.JobCancel(err)
	}
	return permanent(err)
}

func (d Deps) sendSMS(ctx context.Context, j *river.Job[queue.SMSArgs]) error {
	return permanent(d.Notifications.SendQueued(ctx, j.Args.NotificationID))
}

func (d Deps) sendReceipt(ctx context.Context, j *river.Job[queue.ReceiptArgs]) error {
	ref := fmt.Sprintf("receipt:%d", j.ID)
	return permanent(d.Notifications.SendReceipt(ctx, j.Args.OrderID, ref))
}

func (d Deps) accrueLoyalty(ctx context.Context, j *river.Job[queue.LoyaltyArgs]) error {
	return d.Loyalty.Accrue(ctx, j.Args.OrderID)
}
