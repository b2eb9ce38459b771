package ports

import (
	"context"
	"time"

	"github.com/brightfund/crowdfund/internal/core/domain"
)

// Option tunes a single use-case call. The concrete option constructors
// live in the services package (WithActor, WithIdempotencyKey).
type Option func(*Options)

type Options struct {
	Actor          domain.Actor
	IdempotencyKey string
	Reason         string
}

func Collect(opts []Option) Options {
	var o Options
	for _, fn := range opts {
		if fn != nil {
			fn(&o)
		}
	}
	if o.Actor.IsZero() {
		o.Actor = domain.System
	}
	return o
}

type NewCampaign struct {
	Title     string
	Blurb     string
	Currency  string
	GoalCents int64
	Deadline  time.Time
}

type NewTier struct {
	Slug         string
	Title        string
	Description  string
	MinCents     int64
	Limit        int32
	ShipsAt      *time.Time
	RequiresShip bool
}

type NewStretchGoal struct {
	ThresholdCents int64
	Title          string
	Description    string
}

type NewUpdate struct {
	Title string
	Body  string
}

type PayoutAccount struct {
	HolderName    string
	IBAN          string
	AccountNumber string
	SortCode      string
	Country       string
}

type CampaignUseCase interface {
	Create(ctx context.Context, in NewCampaign, opts ...Option) (domain.Campaign, error)
	AddTier(ctx context.Context, campaignID string, in NewTier, opts ...Option) (domain.RewardTier, error)
	Launch(ctx context.Context, campaignID string, opts ...Option) (domain.Campaign, error)
	AddStretchGoal(ctx context.Context, campaignID string, in NewStretchGoal, opts ...Option) (domain.StretchGoal, error)
	PostUpdate(ctx context.Context, campaignID string, in NewUpdate, opts ...Option) (domain.CampaignUpdate, error)
	SetPayoutAccount(ctx context.Context, campaignID string, in PayoutAccount, opts ...Option) (domain.Campaign, error)
}

type NewPledge struct {
	TierID        string
	AmountCents   int64
	PaymentMethod string
}

type NewAddon struct {
	SKU      string
	Quantity int32
}

type PledgeUseCase interface {
	Create(ctx context.Context, campaignID string, in NewPledge, opts ...Option) (domain.Pledge, error)
	Upgrade(ctx context.Context, pledgeID string, deltaCents int64, opts ...Option) (domain.Pledge, error)
	ChangeTier(ctx context.Context, pledgeID, tierID string, opts ...Option) (domain.Pledge, error)
	AddAddon(ctx context.Context, pledgeID string, in NewAddon, opts ...Option) (domain.Addon, error)
	SetShippingAddress(ctx context.Context, pledgeID string, addr domain.ShippingAddress, opts ...Option) error
	Cancel(ctx context.Context, pledgeID string, opts ...Option) (domain.Pledge, error)
}

type SettlementUseCase interface {
	Close(ctx context.Context, campaignID string, opts ...Option) (domain.Campaign, error)
	CloseExpired(ctx context.Context, now time.Time) (int, error)
	Capture(ctx context.Context, pledgeID string) error
	CancelAuthorization(ctx context.Context, pledgeID string) error
	Refund(ctx context.Context, pledgeID string, amount int64, opts ...Option) (domain.Refund, error)
}

type PayoutUseCase interface {
	Request(ctx context.Context, campaignID string, opts ...Option) (domain.Payout, error)
	Execute(ctx context.Context, payoutID string) error
}

type FulfilmentUseCase interface {
	Start(ctx context.Context, campaignID string, pickupDate time.Time, opts ...Option) (int, error)
	Book(ctx context.Context, pledgeID string) error
	SchedulePickup(ctx context.Context, campaignID string, date time.Time) error
	RequestReturn(ctx context.Context, pledgeID, reason string, opts ...Option) (domain.Shipment, error)
}

type NotificationUseCase interface {
	Deliver(ctx context.Context, notificationID string) error
	SendReminder(ctx context.Context, args SendReminderArgs, attemptKey string) error
	QueueEndingSoon(ctx context.Context, now time.Time) (int, error)
}

type CarrierEvent struct {
	EventID           string
	CarrierShipmentID string
	Status            string
	Detail            string
	OccurredAt        time.Time
}

type WebhookUseCase interface {
	HandlePayment(ctx context.Context, ev domain.PaymentEvent) error
	HandleCarrier(ctx context.Context, ev CarrierEvent) error
	HandleBank(ctx context.Context, ev domain.BankEvent) error
}
