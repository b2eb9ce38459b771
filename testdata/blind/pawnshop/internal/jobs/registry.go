package jobs

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/ironvault/pawnline/internal/domain"
)

// The worker dependencies, narrowed to what each job calls.
type (
	PoliceReporter interface {
		Report(ctx context.Context, loanID uuid.UUID) error
	}
	Forfeiter interface {
		Forfeit(ctx context.Context, loanID uuid.UUID, reason domain.ForfeitReason) error
	}
	Messenger interface {
		SendDueReminder(ctx context.Context, loanID uuid.UUID, dueDate time.Time, daysBefore int) error
		SendForfeitNotice(ctx context.Context, loanID uuid.UUID) error
		SendBalanceReply(ctx context.Context, inboundID uuid.UUID) error
	}
	ReceiptSender interface {
		SendRedemptionReceipt(ctx context.Context, redemptionID uuid.UUID) error
	}
	Auctioneer interface {
		ListItem(ctx context.Context, itemID uuid.UUID) error
		ApplySettlement(ctx context.Context, settlementID uuid.UUID) error
	}
)

// Deps is everything the worker table needs.
type Deps struct {
	Police     PoliceReporter
	Forfeiture Forfeiter
	Messaging  Messenger
	Receipts   ReceiptSender
	Auction    Auctioneer
}

type registration struct {
	kind     string
	register func(w *river.Workers, d Deps)
}

// table lists every job kind the worker binary runs.
var table = []registration{
	{"police_report", func(w *river.Workers, d Deps) { river.AddWorker(w, &PoliceReportWorker{svc: d.Police}) }},
	{"forfeit_loan", func(w *river.Workers, d Deps) { river.AddWorker(w, &ForfeitLoanWorker{svc: d.Forfeiture}) }},
	{"loan_reminder", func(w *river.Workers, d Deps) { river.AddWorker(w, &LoanReminderWorker{svc: d.Messaging}) }},
	{"forfeit_notice", func(w *river.Workers, d Deps) { river.AddWorker(w, &ForfeitNoticeWorker{svc: d.Messaging}) }},
	{"balance_reply", func(w *river.Workers, d Deps) { river.AddWorker(w, &BalanceReplyWorker{svc: d.Messaging}) }},
	{"redemption_receipt", func(w *river.Workers, d Deps) { river.AddWorker(w, &RedemptionReceiptWorker{svc: d.Receipts}) }},
	{"auction_listing", func(w *river.Workers, d Deps) { river.AddWorker(w, &AuctionListingWorker{svc: d.Auction}) }},
	{"auction_settlement", func(w *river.Workers, d Deps) { river.AddWorker(w, &AuctionSettlementWorker{svc: d.Auction}) }},
}

// Register adds every worker in the table and returns the kinds registered.
func Register(w *river.Workers, d Deps) []string {
	kinds := make([]string, 0, len(table))
	for _, r := range table {
		r.register(w, d)
		kinds = append(kinds, r.kind)
	}
	return kinds
}
