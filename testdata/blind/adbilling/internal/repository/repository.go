// Package repository declares the persistence interfaces used by services.
// Implementations live in repository/postgres and join the transaction
// carried by the context when there is one.
package repository

import (
	"context"
	"time"

	"github.com/brightlane/adbilling/internal/domain"
)

type Advertisers interface {
	// Create inserts the advertiser unless one with the same external account
	// already exists, in which case the existing row is returned.
	Create(ctx context.Context, a domain.Advertiser) (domain.Advertiser, bool, error)
	Get(ctx context.Context, id string) (domain.Advertiser, error)
	AdjustBalance(ctx context.Context, id string, delta domain.Micros) (domain.Micros, error)
	Close(ctx context.Context, id string, at time.Time) (bool, error)
	ListWithSpendInPeriod(ctx context.Context, from, to time.Time) ([]domain.Advertiser, error)
}

type Ledger interface {
	Append(ctx context.Context, e domain.LedgerEntry) error
}

type TopUps interface {
	Insert(ctx context.Context, t domain.TopUp) error
	InsertIfAbsent(ctx context.Context, t domain.TopUp) (bool, error)
	Get(ctx context.Context, id string) (domain.TopUp, error)
	GetByBankReference(ctx context.Context, ref string) (domain.TopUp, error)
	MarkSucceeded(ctx context.Context, id, chargeID string) (bool, error)
	MarkFailed(ctx context.Context, id, reason string) (bool, error)
	AddReceived(ctx context.Context, id string, amount domain.Micros) (domain.TopUp, error)
	SetReceiptSent(ctx context.Context, id, messageID string) error
	LatestCardCharge(ctx context.Context, advertiserID string) (domain.TopUp, error)
}

type Campaigns interface {
	Insert(ctx context.Context, c domain.Campaign) error
	Get(ctx context.Context, id string) (domain.Campaign, error)
	GetForUpdate(ctx context.Context, id string) (domain.Campaign, error)
	UpdateBudget(ctx context.Context, id string, daily, total domain.Micros) error
	AppendBudgetChange(ctx context.Context, c domain.BudgetChange) error
	AddSpend(ctx context.Context, id string, amount domain.Micros) (domain.Campaign, error)
	TransitionStatus(ctx context.Context, id string, from, to domain.CampaignStatus) (bool, error)
	PauseAllForBalance(ctx context.Context, advertiserID string) (int64, error)
	ResumeAllForBalance(ctx context.Context, advertiserID string) (int64, error)
}

type Spend interface {
	InsertEvent(ctx context.Context, e domain.SpendEvent) (bool, error)
	AggregateDay(ctx context.Context, day time.Time) ([]domain.DaySpend, error)
	InsertDaily(ctx context.Context, d domain.DailySpend) error
	PublisherSpend(ctx context.Context, advertiserID string, day time.Time) ([]domain.PublisherSpend, error)
	CampaignTotals(ctx context.Context, advertiserID string, from, to time.Time) ([]domain.CampaignTotal, error)
	InsertIVT(ctx context.Context, a domain.IVTAdjustment) error
	SumIVT(ctx context.Context, advertiserID string, from, to time.Time) (domain.Micros, error)
}

type Invoices interface {
	InsertIfAbsent(ctx context.Context, inv domain.Invoice) (bool, error)
	Get(ctx context.Context, id string) (domain.Invoice, error)
	SetStatus(ctx context.Context, id string, status domain.InvoiceStatus) error
	MarkEmailed(ctx context.Context, id string, at time.Time) error
	DispatchExists(ctx context.Context, dispatchID string) (bool, error)
	InsertDispatch(ctx context.Context, d domain.InvoiceDispatch) error
}

type CreditNotes interface {
	InsertIfAbsent(ctx context.Context, cn domain.CreditNote) (bool, error)
	Get(ctx context.Context, id string) (domain.CreditNote, error)
}

type Publishers interface {
	Get(ctx context.Context, id string) (domain.Publisher, error)
	Partner(ctx context.Context, id string) (domain.PartnerNetwork, error)
	ListEligibleForPayout(ctx context.Context, min domain.Micros) ([]domain.Publisher, error)
	CreditAvailable(ctx context.Context, id string, amount domain.Micros) error
	DebitAvailable(ctx context.Context, id string, amount domain.Micros) error
	AppendEarning(ctx context.Context, e domain.PublisherEarning) error
}

type Payouts interface {
	Insert(ctx context.Context, p domain.Payout) error
	InsertIfAbsent(ctx context.Context, p domain.Payout) (bool, error)
	Get(ctx context.Context, id string) (domain.Payout, error)
	ListUnsettled(ctx context.Context, period string) ([]domain.Payout, error)
	MarkSubmitting(ctx context.Context, id, idempotencyKey string) error
	MarkPaid(ctx context.Context, id, transferID string, at time.Time) (bool, error)
	MarkFailed(ctx context.Context, id, reason string) error
	AppendAttempt(ctx context.Context, a domain.PayoutAttempt) error
}

type GatewayEvents interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID, eventType string) error
}

type ProcessedMessages interface {
	IsProcessed(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

type Notifications interface {
	// Claim reserves (kind, ref). It returns false when it was already claimed.
	Claim(ctx context.Context, kind, ref string) (bool, error)
	MarkSent(ctx context.Context, kind, ref, providerMessageID string) error
	MarkFailed(ctx context.Context, kind, ref, detail string) error
}

type WebhookDeliveries interface {
	Ensure(ctx context.Context, d domain.WebhookDelivery) (domain.WebhookDelivery, error)
	RecordAttempt(ctx context.Context, id string, lastErr string) error
	MarkDelivered(ctx context.Context, id string, at time.Time) error
}
