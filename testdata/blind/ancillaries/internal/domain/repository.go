package domain

import (
	"context"
	"time"
)

// OrderRepository persists ancillary orders.
type OrderRepository interface {
	Create(ctx context.Context, o Order) error
	CreateWithNaturalKey(ctx context.Context, o Order) (Order, bool, error)
	Get(ctx context.Context, id string) (Order, error)
	GetForUpdate(ctx context.Context, id string) (Order, error)
	FindByIdempotencyKey(ctx context.Context, scope, key string) (Order, error)
	FindByPaymentIntent(ctx context.Context, paymentIntentID string) (Order, error)
	FindByNaturalKey(ctx context.Context, key string) (Order, error)
	AttachPaymentIntent(ctx context.Context, id, paymentIntentID string) error
	MarkPaid(ctx context.Context, id string, amountReceived int64) (bool, error)
	MarkPaymentFailed(ctx context.Context, id string) error
	SetStatus(ctx context.Context, id string, status OrderStatus) error
	AddRefunded(ctx context.Context, id string, amount int64) error
	UpdateContact(ctx context.Context, id, email, phone string) error
	LinkLoyalty(ctx context.Context, pnr, passengerRef, loyaltyNumber string) (int64, error)
	ListPendingBefore(ctx context.Context, before time.Time, limit int) ([]Order, error)
	ListByPNR(ctx context.Context, pnr string) ([]Order, error)
}

// ItemRepository persists order items.
type ItemRepository interface {
	Add(ctx context.Context, item OrderItem) error
	Get(ctx context.Context, id string) (OrderItem, error)
	GetForUpdate(ctx context.Context, id string) (OrderItem, error)
	ListByOrder(ctx context.Context, orderID string) ([]OrderItem, error)
	ListByFlight(ctx context.Context, flightID string, statuses ...ItemStatus) ([]OrderItem, error)
	ListByPNR(ctx context.Context, pnr string, statuses ...ItemStatus) ([]OrderItem, error)
	SetStatus(ctx context.Context, id string, status ItemStatus) error
	TransitionStatus(ctx context.Context, id string, to ItemStatus, from ...ItemStatus) (bool, error)
	SetEMD(ctx context.Context, id, emdNumber string) error
}

// PaymentProfileRepository stores the payment details captured at booking.
type PaymentProfileRepository interface {
	Upsert(ctx context.Context, p PaymentProfile) error
	Get(ctx context.Context, pnr string) (PaymentProfile, error)
}

// IdempotencyRepository claims client-supplied request keys.
type IdempotencyRepository interface {
	// Claim binds key to orderID. When the key was already bound it
	// returns the original order ID and claimed=false.
	Claim(ctx context.Context, scope, key, orderID string) (owner string, claimed bool, err error)
}

// SeatHoldRepository stores temporary seat reservations.
type SeatHoldRepository interface {
	Upsert(ctx context.Context, h SeatHold) (SeatHold, bool, error)
	GetActive(ctx context.Context, flightID, seat string) (SeatHold, error)
	MarkSold(ctx context.Context, id string) error
}

// RefundRepository persists refund requests.
type RefundRepository interface {
	Request(ctx context.Context, r Refund) (Refund, bool, error)
	Get(ctx context.Context, id string) (Refund, error)
	MarkSubmitted(ctx context.Context, id, stripeRefundID string) error
	MarkSucceededByStripeID(ctx context.Context, stripeRefundID string) (Refund, bool, error)
	MarkFailed(ctx context.Context, id, reason string) error
}

// CreditRepository persists travel credits.
type CreditRepository interface {
	Issue(ctx context.Context, c TravelCredit) error
}

// EMDRepository persists EMD issuance state.
type EMDRepository interface {
	BeginIssuance(ctx context.Context, i EMDIssuance) (EMDIssuance, error)
	GetByItem(ctx context.Context, orderItemID string) (EMDIssuance, error)
	MarkIssued(ctx context.Context, id, emdNumber string) error
	MarkAttemptFailed(ctx context.Context, id, reason string) error
	ListStuck(ctx context.Context, before time.Time, limit int) ([]EMDIssuance, error)
	RotateClientRef(ctx context.Context, id, ref string) error
	SetStatusByNumber(ctx context.Context, emdNumber, status string) error
	ClaimReissue(ctx context.Context, r EMDReissue) (EMDReissue, error)
	CompleteReissue(ctx context.Context, orderItemID string, revision int, emdNumber string) error
}

// AccrualRepository persists miles accruals and statements.
type AccrualRepository interface {
	Create(ctx context.Context, a MilesAccrual) error
	CreateForItem(ctx context.Context, a MilesAccrual) (bool, error)
	Get(ctx context.Context, id string) (MilesAccrual, error)
	MarkPosted(ctx context.Context, id, partnerTxnID string) error
	ListPostedOn(ctx context.Context, businessDate time.Time) ([]MilesAccrual, error)
	AddStatementLine(ctx context.Context, l StatementLine) error
	AddMemberMiles(ctx context.Context, loyaltyNumber string, miles int) error
	ClaimBatch(ctx context.Context, b ExportBatch) (ExportBatch, error)
	MarkBatchUploaded(ctx context.Context, batchID, partnerRef string, lines int) error
}

// LoungeRepository persists lounge capacity, passes and entry scans.
type LoungeRepository interface {
	ReserveCapacity(ctx context.Context, loungeCode string, day time.Time, qty int) error
	ReleaseCapacity(ctx context.Context, loungeCode string, day time.Time, qty int) error
	CreatePass(ctx context.Context, p LoungePass) error
	GetPassByCode(ctx context.Context, code string) (LoungePass, error)
	GetPassByCodeForUpdate(ctx context.Context, code string) (LoungePass, error)
	GetPassByItem(ctx context.Context, orderItemID string) (LoungePass, error)
	UseEntry(ctx context.Context, passID string) error
	ScanSeen(ctx context.Context, scanID string) (bool, error)
	RecordScan(ctx context.Context, scanID, passID string, at time.Time) error
	ListDueReminders(ctx context.Context, validOn time.Time, limit int) ([]LoungePass, error)
	ClaimReminder(ctx context.Context, passID string) (bool, error)
	ExpireForItems(ctx context.Context, itemIDs []string) (int64, error)
}

// NotificationRepository records customer messages.
type NotificationRepository interface {
	Record(ctx context.Context, n Notification) error
	Claim(ctx context.Context, n Notification) (bool, error)
}

// InboxRepository records consumed message IDs per consumer.
type InboxRepository interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkSeen(ctx context.Context, consumer, messageID string) error
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// DisruptionRepository records flight disruptions.
type DisruptionRepository interface {
	Record(ctx context.Context, d FlightDisruption) error
}

// Outbox publishes internal events as part of the surrounding transaction.
type Outbox interface {
	Publish(ctx context.Context, topic string, payload any) error
}

// Repositories groups every repository.
type Repositories interface {
	Orders() OrderRepository
	Items() ItemRepository
	Profiles() PaymentProfileRepository
	Idempotency() IdempotencyRepository
	SeatHolds() SeatHoldRepository
	Refunds() RefundRepository
	Credits() CreditRepository
	EMDs() EMDRepository
	Accruals() AccrualRepository
	Lounge() LoungeRepository
	Notifications() NotificationRepository
	Inbox() InboxRepository
	Disruptions() DisruptionRepository
}

// Tx is a unit of work: repositories bound to one database transaction plus
// the transactional outbox.
type Tx interface {
	Repositories
	Outbox() Outbox
}

// Store is the entry point to storage. Repositories used directly on the
// store run in autocommit mode; Within runs fn in a single transaction.
type Store interface {
	Repositories
	Within(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error
}
