package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/jobargs"
)

type PoliceReportWorker struct {
	river.WorkerDefaults[jobargs.PoliceReport]
	svc PoliceReporter
}

func (w *PoliceReportWorker) Work(ctx context.Context, job *river.Job[jobargs.PoliceReport]) error {
	return w.svc.Report(ctx, job.Args.LoanID)
}

// NextRetry spaces LeadsNet retries out; the ordinance allows 24 hours and
// their outages tend to last a while.
func (w *PoliceReportWorker) NextRetry(job *river.Job[jobargs.PoliceReport]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt) * 10 * time.Minute)
}

type ForfeitLoanWorker struct {
	river.WorkerDefaults[jobargs.ForfeitLoan]
	svc Forfeiter
}

func (w *ForfeitLoanWorker) Work(ctx context.Context, job *river.Job[jobargs.ForfeitLoan]) error {
	reason := domain.ForfeitReason(job.Args.Reason)
	if reason == "" {
		reason = domain.ForfeitGraceExpired
	}
	err := w.svc.Forfeit(ctx, job.Args.LoanID, reason)
	switch {
	case errors.Is(err, domain.ErrLoanClosed), errors.Is(err, domain.ErrNotForfeitable):
		// Redeemed or renewed since the job was queued.
		return river.JobCancel(err)
	case errors.Is(err, domain.ErrNotFound):
		return river.JobCancel(err)
	}
	return err
}

type LoanReminderWorker struct {
	river.WorkerDefaults[jobargs.LoanReminder]
	svc Messenger
}

func (w *LoanReminderWorker) Work(ctx context.Context, job *river.Job[jobargs.LoanReminder]) error {
	due, err := time.Parse(time.DateOnly, job.Args.DueDate)
	if err != nil {
		return river.JobCancel(fmt.Errorf("bad due date %q: %w", job.Args.DueDate, err))
	}
	return w.svc.SendDueReminder(ctx, job.Args.LoanID, due, job.Args.DaysBefore)
}

func (w *LoanReminderWorker) Timeout(*river.Job[jobargs.LoanReminder]) time.Duration {
	return 30 * time.Second
}

type ForfeitNoticeWorker struct {
	river.WorkerDefaults[jobargs.ForfeitNotice]
	svc Messenger
}

func (w *ForfeitNoticeWorker) Work(ctx context.Context, job *river.Job[jobargs.ForfeitNotice]) error {
	return cancelIfGone(w.svc.SendForfeitNotice(ctx, job.Args.LoanID))
}

type BalanceReplyWorker struct {
	river.WorkerDefaults[jobargs.BalanceReply]
	svc Messenger
}

func (w *BalanceReplyWorker) Work(ctx context.Context, job *river.Job[jobargs.BalanceReply]) error {
	return cancelIfGone(w.svc.SendBalanceReply(ctx, job.Args.InboundID))
}

type RedemptionReceiptWorker struct {
	river.WorkerDefaults[jobargs.RedemptionReceipt]
	svc ReceiptSender
}

func (w *RedemptionReceiptWorker) Work(ctx context.Context, job *river.Job[jobargs.RedemptionReceipt]) error {
	return cancelIfGone(w.svc.SendRedemptionReceipt(ctx, job.Args.RedemptionID))
}

// cancelIfGone stops retrying jobs whose subject row no longer exists.
func cancelIfGone(err error) error {
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(err)
	}
	return err
}

type AuctionListingWorker struct {
	river.WorkerDefaults[jobargs.AuctionListing]
	svc Auctioneer
}

func (w *AuctionListingWorker) Work(ctx context.Context, job *river.Job[jobargs.AuctionListing]) error {
	return cancelIfGone(w.svc.ListItem(ctx, job.Args.ItemID))
}

func (w *AuctionListingWorker) Timeout(*river.Job[jobargs.AuctionListing]) time.Duration {
	return 2 * time.Minute
}

type AuctionSettlementWorker struct {
	river.WorkerDefaults[jobargs.AuctionSettlement]
	svc Auctioneer
}

func (w *AuctionSettlementWorker) Work(ctx context.Context, job *river.Job[jobargs.AuctionSettlement]) error {
	return w.svc.ApplySettlement(ctx, job.Args.SettlementID)
}
