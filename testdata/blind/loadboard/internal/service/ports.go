// Package service implements the load board's use cases. Services depend on
// the interfaces below; the gorm repositories, provider clients and the
// Temporal starter are bound to them in internal/app.
package service

import (
	"context"
	"time"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/providers/eld"
	"github.com/haulgrid/loadboard/internal/providers/inkpass"
	"github.com/haulgrid/loadboard/internal/providers/notify"
	"github.com/haulgrid/loadboard/internal/providers/paystream"
)

// Transactor runs fn inside a database transaction.
type Transactor interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Outbox stores a message in the current transaction.
type Outbox interface {
	Publish(ctx context.Context, topic, messageID string, payload any) error
}

type LoadStore interface {
	Create(ctx context.Context, l *domain.Load) error
	Get(ctx context.Context, id string) (*domain.Load, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Load, error)
	Transition(ctx context.Context, id string, to domain.LoadStatus, from ...domain.LoadStatus) (bool, error)
	StartTendering(ctx context.Context, id, workflowID string) error
	MarkCovered(ctx context.Context, id, carrierID string, rateCents int64) error
	SetBidStats(ctx context.Context, id string, st domain.BidStats) error
	MarkShipperNotified(ctx context.Context, id string, at time.Time) error
	ListOpen(ctx context.Context, equipment domain.Equipment, limit int) ([]*domain.Load, error)
}

type KeyStore interface {
	Claim(ctx context.Context, scope, key, requestHash, resourceID string) (string, bool, error)
}

type BidStore interface {
	Insert(ctx context.Context, b *domain.Bid) error
	Get(ctx context.Context, id string) (*domain.Bid, error)
	Ranked(ctx context.Context, loadID string, limit int) ([]*domain.Bid, error)
	Stats(ctx context.Context, loadID string) (domain.BidStats, error)
	SetStatus(ctx context.Context, status domain.BidStatus, ids ...string) error
}

type TenderStore interface {
	Offer(ctx context.Context, t *domain.Tender) (*domain.Tender, bool, error)
	Get(ctx context.Context, id string) (*domain.Tender, error)
	Respond(ctx context.Context, id string, to domain.TenderStatus, reason string, at time.Time) (bool, error)
	Expire(ctx context.Context, id string) (bool, error)
	WithdrawOpen(ctx context.Context, loadID string) (int64, error)
}

type AttemptStore interface {
	Append(ctx context.Context, a *domain.TenderAttempt) error
}

type AssignmentStore interface {
	Create(ctx context.Context, a *domain.Assignment) error
	LatestForLoad(ctx context.Context, loadID string) (*domain.Assignment, error)
	SetTrackingSubscription(ctx context.Context, loadID, subscriptionID string) error
}

type DeliveryStore interface {
	Insert(ctx context.Context, d *domain.Delivery) error
	Get(ctx context.Context, loadID string) (*domain.Delivery, error)
}

type AccessorialStore interface {
	Insert(ctx context.Context, a *domain.Accessorial) error
	TotalForLoad(ctx context.Context, loadID string) (int64, error)
}

type PayoutStore interface {
	EnsureForLoad(ctx context.Context, p *domain.Payout) (*domain.Payout, bool, error)
	Get(ctx context.Context, id string) (*domain.Payout, error)
	MarkSubmitted(ctx context.Context, id, transferID string) error
	MarkFailed(ctx context.Context, id, reason string) error
	SettleByTransfer(ctx context.Context, transferID string, to domain.PayoutStatus, reason string) (*domain.Payout, bool, error)
}

type RateConStore interface {
	Ensure(ctx context.Context, rc *domain.RateConfirmation) (*domain.RateConfirmation, error)
	Get(ctx context.Context, id string) (*domain.RateConfirmation, error)
	GetByEnvelope(ctx context.Context, envelopeID string) (*domain.RateConfirmation, error)
	SetEnvelope(ctx context.Context, id, envelopeID string) error
	MarkSigned(ctx context.Context, id string, at time.Time) (bool, error)
	MarkVoided(ctx context.Context, id string) error
}

type DocumentStore interface {
	Attach(ctx context.Context, d *domain.Document) error
}

type PingStore interface {
	InsertBatch(ctx context.Context, pings []domain.Ping) (int64, error)
	LoadForDevice(ctx context.Context, vendor, deviceID string) (string, error)
	RegisterDevice(ctx context.Context, vendor, deviceID, subscriptionID string) error
}

type InboxStore interface {
	Record(ctx context.Context, provider, eventID, eventType string) (bool, error)
}

type NotificationStore interface {
	Reserve(ctx context.Context, n *domain.Notification) (bool, error)
	MarkSent(ctx context.Context, dedupKey, providerMessageID string, at time.Time) error
}

type LedgerStore interface {
	Append(ctx context.Context, entries ...domain.LedgerEntry) error
}

type CarrierStore interface {
	Get(ctx context.Context, id string) (*domain.Carrier, error)
	GetShipper(ctx context.Context, id string) (*domain.Shipper, error)
	UpsertLane(ctx context.Context, l *domain.Lane) error
	Lanes(ctx context.Context, carrierID string) ([]domain.Lane, error)
}

// Payments is the quick-pay payments provider.
type Payments interface {
	CreateTransfer(ctx context.Context, req paystream.TransferRequest, opts ...paystream.CallOption) (*paystream.Transfer, error)
	GetTransfer(ctx context.Context, id string) (*paystream.Transfer, error)
}

// ESign is the e-signature partner.
type ESign interface {
	CreateEnvelope(ctx context.Context, req inkpass.EnvelopeRequest) (*inkpass.Envelope, error)
	CompletedDocument(ctx context.Context, envelopeID string) (*inkpass.DocumentLink, error)
	VoidEnvelope(ctx context.Context, envelopeID, reason string) error
}

// Tracker is the ELD aggregation provider.
type Tracker interface {
	CreateSubscription(ctx context.Context, req eld.SubscriptionRequest) (*eld.Subscription, error)
	EndSubscription(ctx context.Context, id string) error
}

// Messenger sends SMS and e-mail.
type Messenger interface {
	SendSMS(ctx context.Context, to, body string) (string, error)
	SendEmail(ctx context.Context, e notify.Email) (string, error)
}

// TenderWorkflows starts and steers the Temporal tender workflow.
type TenderWorkflows interface {
	StartTender(ctx context.Context, plan domain.TenderPlan) (string, error)
	Signal(ctx context.Context, workflowID string, resp domain.TenderResponse) error
	Cancel(ctx context.Context, workflowID, reason string) error
}

// Clock and ID sources are fields on the services so tests can pin them.
type (
	NowFunc   func() time.Time
	NewIDFunc func() string
)
