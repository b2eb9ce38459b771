package handlers

import (
	"context"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/rabbit"
	"github.com/kindredgive/donations/internal/service/crmsync"
	"github.com/kindredgive/donations/internal/service/matching"
	"github.com/kindredgive/donations/internal/service/notify"
	"github.com/kindredgive/donations/internal/service/payouts"
	"github.com/kindredgive/donations/internal/service/receipts"
	"github.com/kindredgive/donations/internal/service/recurring"
	"github.com/kindredgive/donations/internal/service/refunds"
	"github.com/kindredgive/donations/internal/service/totals"
)

// Params are the services consumers call into.
type Params struct {
	fx.In

	Receipts  receipts.Service
	CRM       crmsync.Service
	Totals    totals.Service
	Notify    notify.Service
	Recurring recurring.Service
	Matching  matching.Service
	Payouts   payouts.Service
	Refunds   refunds.Service
	Log       *zap.Logger
}

// Set holds one HandlerFunc per consumer.
type Set struct {
	DonationReceipt  rabbit.HandlerFunc
	GiftToCRM        rabbit.HandlerFunc
	CampaignTotals   rabbit.HandlerFunc
	FundraiserTotals rabbit.HandlerFunc
	CharityWebhook   rabbit.HandlerFunc
	RecurringCharge  rabbit.HandlerFunc
	MatchingSubmit   rabbit.HandlerFunc
	PayoutExecute    rabbit.HandlerFunc
	RefundApply      rabbit.HandlerFunc
	AnnualStatement  rabbit.HandlerFunc
	DonorToCRM       rabbit.HandlerFunc
}

// New builds the handler set.
func New(p Params) *Set {
	return &Set{
		DonationReceipt: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.DonationEvent) error {
			return p.Receipts.SendDonationReceipt(ctx, ev)
		}),
		GiftToCRM: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.DonationEvent) error {
			return p.CRM.RecordGift(ctx, ev)
		}),
		CampaignTotals: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.DonationEvent) error {
			return p.Totals.AddToCampaign(ctx, ev)
		}),
		FundraiserTotals: typed(func(ctx context.Context, d rabbit.Delivery, ev domain.DonationEvent) error {
			return p.Totals.AddToFundraiser(ctx, d.MessageID, ev)
		}),
		CharityWebhook: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.DonationEvent) error {
			return p.Notify.NotifyCharity(ctx, ev)
		}),
		RecurringCharge: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.ChargeDueEvent) error {
			return p.Recurring.ChargeInstallment(ctx, ev.PlanID, ev.Period)
		}),
		MatchingSubmit: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.MatchingRequestedEvent) error {
			return p.Matching.Submit(ctx, ev.ClaimID)
		}),
		PayoutExecute: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.PayoutRequestedEvent) error {
			return p.Payouts.Execute(ctx, ev.PayoutID)
		}),
		RefundApply: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.RefundEvent) error {
			return p.Refunds.ApplyConfirmed(ctx, ev)
		}),
		AnnualStatement: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.AnnualStatementEvent) error {
			return p.Receipts.SendAnnualStatement(ctx, ev.DonorID, ev.TaxYear)
		}),
		DonorToCRM: typed(func(ctx context.Context, _ rabbit.Delivery, ev domain.DonorChangedEvent) error {
			return p.CRM.SyncDonor(ctx, ev.DonorID)
		}),
	}
}
