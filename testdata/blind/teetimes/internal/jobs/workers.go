// Package jobs runs river workers for background work: waitlist fills,
// refunds, payouts, rain checks, voucher delivery and the periodic tee
// sheet and offer-expiry sweeps.
package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/queue"
	"github.com/fairwaylinks/teetimes/internal/service"
)

// WaitlistFillWorker offers a freed tee time to the waitlist.
type WaitlistFillWorker struct {
	river.WorkerDefaults[queue.WaitlistFillArgs]
	waitlist service.Waitlist
}

func (w *WaitlistFillWorker) Work(ctx context.Context, job *river.Job[queue.WaitlistFillArgs]) error {
	return w.waitlist.FillVacancy(ctx, job.Args.TeeTimeID)
}

func (w *WaitlistFillWorker) Timeout(*river.Job[queue.WaitlistFillArgs]) time.Duration {
	return 30 * time.Second
}

// BookingRefundWorker refunds a cancelled booking.
type BookingRefundWorker struct {
	river.WorkerDefaults[queue.BookingRefundArgs]
	refunds service.Refunds
}

func (w *BookingRefundWorker) Work(ctx context.Context, job *river.Job[queue.BookingRefundArgs]) error {
	return w.refunds.RefundCancelledBooking(ctx, job.Args.BookingID)
}

// ContractorPayoutWorker pays a contractor for a completed session.
type ContractorPayoutWorker struct {
	river.WorkerDefaults[queue.ContractorPayoutArgs]
	marketplace service.Marketplace
}

func (w *ContractorPayoutWorker) Work(ctx context.Context, job *river.Job[queue.ContractorPayoutArgs]) error {
	return w.marketplace.PayContractor(ctx, job.Args.PayoutID)
}

// PrizePayoutWorker pays a tournament prize. Winners without a connected
// payout account are retried daily until they connect one.
type PrizePayoutWorker struct {
	river.WorkerDefaults[queue.PrizePayoutArgs]
	tournaments service.Tournaments
	log         *zap.Logger
}

func (w *PrizePayoutWorker) Work(ctx context.Context, job *river.Job[queue.PrizePayoutArgs]) error {
	err := w.tournaments.PayPrize(ctx, job.Args.AwardID, job.Attempt)
	if errors.Is(err, service.ErrNoPayoutAccount) {
		w.log.Info("prize winner has no payout account yet", zap.String("award_id", job.Args.AwardID))
		return river.JobSnooze(24 * time.Hour)
	}
	return err
}

// RainCheckIssueWorker issues rain checks for a closure.
type RainCheckIssueWorker struct {
	river.WorkerDefaults[queue.RainCheckIssueArgs]
	rainChecks service.RainChecks
}

func (w *RainCheckIssueWorker) Work(ctx context.Context, job *river.Job[queue.RainCheckIssueArgs]) error {
	_, err := w.rainChecks.IssueForClosure(ctx, job.Args.ClosureID)
	return err
}

func (w *RainCheckIssueWorker) Timeout(*river.Job[queue.RainCheckIssueArgs]) time.Duration {
	return 5 * time.Minute
}

// VoucherDeliveryWorker emails a paid voucher.
type VoucherDeliveryWorker struct {
	river.WorkerDefaults[queue.VoucherDeliveryArgs]
	vouchers service.Vouchers
}

func (w *VoucherDeliveryWorker) Work(ctx context.Context, job *river.Job[queue.VoucherDeliveryArgs]) error {
	return w.vouchers.Deliver(ctx, job.Args.VoucherID)
}

// TeeSheetReleaseWorker opens the next tee-sheet day.
type TeeSheetReleaseWorker struct {
	river.WorkerDefaults[queue.TeeSheetReleaseArgs]
	teeSheet service.TeeSheet
}

func (w *TeeSheetReleaseWorker) Work(ctx context.Context, job *river.Job[queue.TeeSheetReleaseArgs]) error {
	_, err := w.teeSheet.ReleaseHorizon(ctx)
	return err
}

// WaitlistOfferExpiryWorker lapses overdue offers.
type WaitlistOfferExpiryWorker struct {
	river.WorkerDefaults[queue.WaitlistOfferExpiryArgs]
	waitlist service.Waitlist
}

func (w *WaitlistOfferExpiryWorker) Work(ctx context.Context, job *river.Job[queue.WaitlistOfferExpiryArgs]) error {
	_, err := w.waitlist.ExpireOffers(ctx)
	return err
}

// WorkerParams are the services the workers delegate to.
type WorkerParams struct {
	fx.In

	Log         *zap.Logger
	Waitlist    service.Waitlist
	Refunds     service.Refunds
	Marketplace service.Marketplace
	Tournaments service.Tournaments
	RainChecks  service.RainChecks
	Vouchers    service.Vouchers
	TeeSheet    service.TeeSheet
}

// NewWorkers registers every worker.
func NewWorkers(p WorkerParams) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &WaitlistFillWorker{waitlist: p.Waitlist})
	river.AddWorker(w, &BookingRefundWorker{refunds: p.Refunds})
	river.AddWorker(w, &ContractorPayoutWorker{marketplace: p.Marketplace})
	river.AddWorker(w, &PrizePayoutWorker{tournaments: p.Tournaments, log: p.Log.Named("prize-payouts")})
	river.AddWorker(w, &RainCheckIssueWorker{rainChecks: p.RainChecks})
	river.AddWorker(w, &VoucherDeliveryWorker{vouchers: p.Vouchers})
	river.AddWorker(w, &TeeSheetReleaseWorker{teeSheet: p.TeeSheet})
	river.AddWorker(w, &WaitlistOfferExpiryWorker{waitlist: p.Waitlist})
	return w
}
