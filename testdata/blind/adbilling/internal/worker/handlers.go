package worker

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/brightlane/adbilling/internal/events"
	"github.com/brightlane/adbilling/internal/repository"
)

// The services as seen by the event handlers.

type InvoiceQueue interface {
	EnqueueIssued(ctx context.Context, evt events.InvoiceIssued) error
}

type Notifications interface {
	SendTopUpReceipt(ctx context.Context, evt events.TopUpSucceeded) error
	SendCreditNote(ctx context.Context, evt events.CreditNoteIssued) error
}

type PartnerStatements interface {
	NotifyPartner(ctx context.Context, evt events.PayoutCompleted) error
}

type CampaignControl interface {
	PauseForBudget(ctx context.Context, evt events.CampaignBudgetExhausted) error
	ResumeAfterTopUp(ctx context.Context, evt events.TopUpSucceeded) error
}

type Balances interface {
	AutoRecharge(ctx context.Context, deliveryID string, evt events.DailySpendCharged) error
	RefundRemainingBalance(ctx context.Context, evt events.AdvertiserClosed) error
}

type RevenueAccrual interface {
	AccrueRevenue(ctx context.Context, evt events.DailySpendCharged) error
}

// Handlers groups the dependencies of the event handlers.
type Handlers struct {
	Invoices   InvoiceQueue
	Notify     Notifications
	Statements PartnerStatements
	Campaigns  CampaignControl
	Balances   Balances
	Revenue    RevenueAccrual
	Processed  repository.ProcessedMessages
	Log        *slog.Logger
}

// Routes is the handler table of the billing worker.
func (h Handlers) Routes() []Route {
	log := h.Log
	return []Route{
		{
			Name:    "invoice-dispatch-enqueue",
			Topic:   events.TopicInvoiceIssued,
			Handler: typed(log, h.Invoices.EnqueueIssued),
		},
		{
			Name:    "topup-receipt-email",
			Topic:   events.TopicTopUpSucceeded,
			Handler: typed(log, h.Notify.SendTopUpReceipt),
		},
		{
			Name:    "topup-resume-campaigns",
			Topic:   events.TopicTopUpSucceeded,
			Handler: typed(log, h.Campaigns.ResumeAfterTopUp),
		},
		{
			Name:    "credit-note-email",
			Topic:   events.TopicCreditNoteIssued,
			Handler: typed(log, h.Notify.SendCreditNote),
		},
		{
			Name:    "payout-partner-statement",
			Topic:   events.TopicPayoutCompleted,
			Handler: typed(log, h.Statements.NotifyPartner),
		},
		{
			Name:    "campaign-budget-pause",
			Topic:   events.TopicCampaignBudgetExhausted,
			Handler: typed(log, h.Campaigns.PauseForBudget),
		},
		{
			Name:    "advertiser-closed-refund",
			Topic:   events.TopicAdvertiserClosed,
			Handler: typed(log, h.Balances.RefundRemainingBalance),
		},
		{
			Name:  "daily-charge-auto-recharge",
			Topic: events.TopicDailySpendCharged,
			Handler: decode(log, func(ctx context.Context, msg *message.Message, evt events.DailySpendCharged) error {
				return h.Balances.AutoRecharge(ctx, msg.UUID, evt)
			}),
		},
		{
			Name:    "daily-charge-revenue-accrual",
			Topic:   events.TopicDailySpendCharged,
			Handler: Deduplicated(h.Processed, "revenue-accrual", typed(log, h.Revenue.AccrueRevenue)),
		},
	}
}
