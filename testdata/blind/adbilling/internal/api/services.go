// Package api exposes the billing HTTP API with gorilla/mux.
package api

import (
	"context"

	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/providers/gateway"
	"github.com/brightlane/adbilling/internal/queue"
	"github.com/brightlane/adbilling/internal/service"
)

// The handlers depend on these narrow views of the services; the mains bind
// them to the concrete implementations.

type Advertisers interface {
	Create(ctx context.Context, in service.CreateAdvertiserInput) (domain.Advertiser, bool, error)
	Get(ctx context.Context, id string) (domain.Advertiser, error)
	Close(ctx context.Context, id string) (domain.Advertiser, error)
}

type TopUps interface {
	TopUpByCard(ctx context.Context, in service.CardTopUpInput) (domain.TopUp, error)
	CreateBankTransfer(ctx context.Context, advertiserID string, amount domain.Micros) (service.BankTransferInstructions, error)
	HandleGatewayEvent(ctx context.Context, evt gateway.Event) error
}

type Campaigns interface {
	Create(ctx context.Context, in service.CreateCampaignInput) (domain.Campaign, error)
	Get(ctx context.Context, id string) (domain.Campaign, error)
	UpdateBudget(ctx context.Context, u service.BudgetUpdate) (domain.Campaign, error)
}

type Invoices interface {
	Get(ctx context.Context, id string) (domain.Invoice, error)
	IssueCreditNote(ctx context.Context, in service.CreditNoteInput) (domain.CreditNote, error)
	Void(ctx context.Context, invoiceID, actor, reason string) (domain.Invoice, error)
	Resend(ctx context.Context, invoiceID, recipient, requestKey string) (queue.Dispatch, error)
}

type Payouts interface {
	Retry(ctx context.Context, payoutID, actor string) (domain.Payout, error)
	Instant(ctx context.Context, in service.InstantPayoutInput) (domain.Payout, error)
}
