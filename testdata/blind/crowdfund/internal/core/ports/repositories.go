package ports

import (
	"context"
	"time"

	"github.com/brightfund/crowdfund/internal/core/domain"
)

type CampaignRepository interface {
	Create(ctx context.Context, c domain.Campaign) error
	Get(ctx context.Context, id string) (domain.Campaign, error)
	GetForUpdate(ctx context.Context, id string) (domain.Campaign, error)
	Launch(ctx context.Context, id string, at time.Time) (bool, error)
	SetOutcome(ctx context.Context, id string, status domain.CampaignStatus, at time.Time) (bool, error)
	AddPledged(ctx context.Context, id string, delta int64) error
	AddCollected(ctx context.Context, id string, delta int64) error
	SetPayoutAccount(ctx context.Context, id, beneficiaryRef, last4 string) error
	ListLiveEndingBefore(ctx context.Context, before time.Time) ([]domain.Campaign, error)
	ListLiveEndingBetween(ctx context.Context, from, to time.Time) ([]domain.Campaign, error)
}

type TierRepository interface {
	// Insert adds the tier unless (campaign, slug) already exists, and
	// returns the stored tier either way.
	Insert(ctx context.Context, t domain.RewardTier) (domain.RewardTier, bool, error)
	Get(ctx context.Context, id string) (domain.RewardTier, error)
	ListByCampaign(ctx context.Context, campaignID string) ([]domain.RewardTier, error)
	ClaimSlot(ctx context.Context, id string) (bool, error)
	ReleaseSlot(ctx context.Context, id string) error
}

type StretchGoalRepository interface {
	Create(ctx context.Context, g domain.StretchGoal) error
}

type CampaignUpdateRepository interface {
	Create(ctx context.Context, u domain.CampaignUpdate) error
}

type PledgeRepository interface {
	// Insert stores the pledge unless the backer already used the same
	// idempotency key, and returns the stored pledge either way.
	Insert(ctx context.Context, p domain.Pledge) (domain.Pledge, bool, error)
	FindByIdempotencyKey(ctx context.Context, backerID, key string) (domain.Pledge, error)
	Get(ctx context.Context, id string) (domain.Pledge, error)
	GetForUpdate(ctx context.Context, id string) (domain.Pledge, error)
	GetByPaymentIntent(ctx context.Context, paymentIntentID string) (domain.Pledge, error)
	SetPaymentIntent(ctx context.Context, id, paymentIntentID string, status domain.PledgeStatus) error
	MarkAuthorized(ctx context.Context, paymentIntentID string) (bool, error)
	UpdateAmount(ctx context.Context, id string, amount int64) error
	UpdateTier(ctx context.Context, id, tierID string) error
	RequestCancel(ctx context.Context, id string) (bool, error)
	MarkCancelled(ctx context.Context, id string, at time.Time) (bool, error)
	MarkCaptured(ctx context.Context, id string, at time.Time) error
	SetStatus(ctx context.Context, id string, status domain.PledgeStatus) error
	ListActiveByCampaign(ctx context.Context, campaignID string) ([]domain.Pledge, error)
	ListCapturedByCampaign(ctx context.Context, campaignID string) ([]domain.Pledge, error)
}

type AddonRepository interface {
	Price(ctx context.Context, campaignID, sku string) (int64, error)
	Create(ctx context.Context, a domain.Addon) error
	SumForPledge(ctx context.Context, pledgeID string) (int64, error)
}

type AdjustmentRepository interface {
	Create(ctx context.Context, a domain.Adjustment) error
}

type AddressRepository interface {
	Upsert(ctx context.Context, a domain.ShippingAddress) error
	Get(ctx context.Context, pledgeID string) (domain.ShippingAddress, error)
}

type RefundRepository interface {
	// Open returns the refund for the pledge, creating it if none exists.
	Open(ctx context.Context, r domain.Refund) (domain.Refund, error)
	Complete(ctx context.Context, id, stripeRefundID string, status domain.RefundStatus) error
}

type DisputeRepository interface {
	Create(ctx context.Context, d domain.Dispute) error
}

type ShipmentRepository interface {
	Create(ctx context.Context, s domain.Shipment) (bool, error)
	GetByPledge(ctx context.Context, pledgeID string) (domain.Shipment, error)
	GetByCarrierID(ctx context.Context, carrierShipmentID string) (domain.Shipment, error)
	RecordEvent(ctx context.Context, e domain.ShipmentEvent) (bool, error)
	SetStatus(ctx context.Context, id string, status domain.ShipmentStatus) error
	SetReturnLabel(ctx context.Context, id, labelID, labelURL string) error
	CountAwaitingPickup(ctx context.Context, campaignID string) (int, error)
	AssignPickup(ctx context.Context, campaignID, pickupID string) error
	CreatePickup(ctx context.Context, p domain.Pickup) error
}

type PayoutRepository interface {
	// Open creates the campaign's payout unless one exists and returns it.
	Open(ctx context.Context, p domain.Payout) (domain.Payout, bool, error)
	Get(ctx context.Context, id string) (domain.Payout, error)
	MarkSubmitted(ctx context.Context, id, endToEndID, transferRef string, at time.Time) error
	MarkSettled(ctx context.Context, transferRef string, at time.Time) (bool, error)
	MarkReturned(ctx context.Context, transferRef string) (domain.Payout, error)
}

type LedgerRepository interface {
	Append(ctx context.Context, e domain.LedgerEntry) error
}

type NotificationRepository interface {
	// Enqueue stores the notification unless (template, ref, recipient)
	// exists, returning the stored row and whether it was new.
	Enqueue(ctx context.Context, n domain.Notification) (domain.Notification, bool, error)
	Get(ctx context.Context, id string) (domain.Notification, error)
	MarkSent(ctx context.Context, id, providerMessageID string, at time.Time) error
}

type WebhookEventRepository interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	Record(ctx context.Context, provider, eventID string) error
}

// IdempotencyRecord is a cached API response for a client-supplied key.
type IdempotencyRecord struct {
	Scope       string
	Key         string
	RequestHash string
	StatusCode  int
	Body        []byte
	CreatedAt   time.Time
}

type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) (*IdempotencyRecord, error)
	Save(ctx context.Context, rec IdempotencyRecord) error
}

type BackerDirectory interface {
	EmailsForCampaign(ctx context.Context, campaignID string) ([]BackerContact, error)
	Email(ctx context.Context, backerID string) (string, error)
	CustomerRef(ctx context.Context, backerID string) (string, error)
	CreatorEmail(ctx context.Context, creatorID string) (string, error)
}

type BackerContact struct {
	BackerID string
	PledgeID string
	Email    string
	Name     string
}
