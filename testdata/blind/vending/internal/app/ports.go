// Package app contains the use cases of the fleet platform. Services here
// depend only on the ports declared in this file; adapters implement them.
package app

import (
	"context"
	"time"

	"github.com/vendgrid/fleetops/internal/domain"
)

// TxRunner runs fn inside a database transaction. Repositories called with
// the context passed to fn take part in that transaction.
type TxRunner interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Clock is injected so that period boundaries are testable.
type Clock interface {
	Now() time.Time
}

type SystemClock struct{}

func (SystemClock) Now() time.Time { return time.Now().UTC() }

// ---- repositories ----

type MachineRepository interface {
	Upsert(ctx context.Context, m domain.Machine) (domain.Machine, error)
	Get(ctx context.Context, id string) (domain.Machine, error)
	TouchLastSeen(ctx context.Context, id string, at time.Time) (bool, error)
	SetCashBaseline(ctx context.Context, id string, cents domain.Cents) error
	DecrementStock(ctx context.Context, machineID, productID string, n int) (domain.Slot, error)
	AddStock(ctx context.Context, machineID, productID string, n int) error
	SlotsBelowPar(ctx context.Context, machineID string) ([]domain.Slot, error)
}

type PaymentRepository interface {
	CreatePending(ctx context.Context, p domain.Payment) (domain.Payment, bool, error)
	Get(ctx context.Context, id string) (domain.Payment, error)
	GetByCapture(ctx context.Context, providerCaptureID string) (domain.Payment, error)
	MarkAuthorized(ctx context.Context, id, providerAuthID string) error
	MarkDeclined(ctx context.Context, id string) error
	RecordAttempt(ctx context.Context, a domain.PaymentAttempt) error
	InsertVendOutcome(ctx context.Context, v domain.VendResult) error
	SetVendStatus(ctx context.Context, id string, s domain.VendStatus) error
	ListCapturable(ctx context.Context, limit int) ([]domain.Payment, error)
	MarkCaptured(ctx context.Context, id, providerCaptureID string) (bool, error)
	MarkSettledByCapture(ctx context.Context, providerCaptureID string) (domain.Payment, bool, error)
	MarkReversed(ctx context.Context, id string, to domain.PaymentStatus) (bool, error)
}

type RefundRepository interface {
	InsertForVendFailure(ctx context.Context, r domain.Refund) (domain.Refund, error)
	InsertForRequest(ctx context.Context, r domain.Refund) (domain.Refund, error)
	Complete(ctx context.Context, id, providerRefundID string) error
	Fail(ctx context.Context, id string) error
}

type SaleRepository interface {
	Insert(ctx context.Context, s domain.Sale) (bool, error)
}

type FaultRepository interface {
	Insert(ctx context.Context, f domain.Fault) error
	Get(ctx context.Context, id string) (domain.Fault, error)
	MarkDispatched(ctx context.Context, id, phone string, at time.Time) error
	Resolve(ctx context.Context, id string, at time.Time) (bool, error)
}

type CounterRepository interface {
	Insert(ctx context.Context, r domain.CounterReading) error
	LatestAtOrBefore(ctx context.Context, machineID string, t time.Time) (domain.CounterReading, error)
}

type CollectionRepository interface {
	Insert(ctx context.Context, c domain.Collection) error
	Get(ctx context.Context, id string) (domain.Collection, error)
	InsertVariance(ctx context.Context, v domain.Variance) error
	MarkReconciled(ctx context.Context, id string, expected, variance domain.Cents, at time.Time) error
}

type RestockRepository interface {
	CreateManual(ctx context.Context, o domain.RestockOrder) (domain.RestockOrder, error)
	OpenAuto(ctx context.Context, o domain.RestockOrder) (domain.RestockOrder, error)
	Get(ctx context.Context, id string) (domain.RestockOrder, error)
	MarkSubmitted(ctx context.Context, id, wholesalerOrderID string, at time.Time) error
	MarkReceived(ctx context.Context, id string, at time.Time) error
	SiteCodeFor(ctx context.Context, machineID string) (string, error)
}

type OutboxRepository interface {
	Enqueue(ctx context.Context, topic, key string, payload any) error
	ListUnpublished(ctx context.Context, limit int) ([]OutboxMessage, error)
	MarkPublished(ctx context.Context, ids []int64) error
}

type CommissionRepository interface {
	ListHosts(ctx context.Context) ([]domain.Host, error)
	GrossSales(ctx context.Context, hostID string, p domain.Period) (domain.Cents, error)
	SumAdjustments(ctx context.Context, hostID string, p domain.Period) (domain.Cents, error)
	UpsertStatement(ctx context.Context, s domain.CommissionStatement) (domain.CommissionStatement, error)
	MarkPaid(ctx context.Context, id, payoutID string, emailedAt, paidAt time.Time) (bool, error)
	InsertAdjustment(ctx context.Context, a domain.Adjustment) error
}

type WebhookRepository interface {
	LogDelivery(ctx context.Context, d WebhookDelivery) error
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkSeen(ctx context.Context, eventID string) error
	AppendLedger(ctx context.Context, e LedgerEntry) error
}

// ---- providers ----

// CardProcessor is the card acquirer used by the machines' readers.
type CardProcessor interface {
	Authorize(ctx context.Context, req CardAuthorization) (CardAuthResult, error)
	Capture(ctx context.Context, req CardCapture) (CardOpResult, error)
	Void(ctx context.Context, req CardVoid) (CardOpResult, error)
	Refund(ctx context.Context, req CardRefund) (CardOpResult, error)
}

// Wholesaler takes restock orders for delivery to a site.
type Wholesaler interface {
	SubmitOrder(ctx context.Context, o SupplierOrder) (SupplierAck, error)
}

// PayoutProvider moves money to a host's bank account.
type PayoutProvider interface {
	Transfer(ctx context.Context, t PayoutTransfer) (PayoutResult, error)
}

// Pager sends SMS to field technicians.
type Pager interface {
	SendSMS(ctx context.Context, to, body string) (string, error)
}

// Mailer sends transactional email.
type Mailer interface {
	Send(ctx context.Context, m Email) error
}

// Publisher writes messages to the event bus.
type Publisher interface {
	Publish(ctx context.Context, msgs ...BusMessage) error
}

// ---- port payloads ----

type CardAuthorization struct {
	CardToken      string
	AmountCents    domain.Cents
	Currency       string
	Reference      string
	TerminalID     string
	IdempotencyKey string
}

type CardAuthResult struct {
	AuthorizationID string
	Approved        bool
	DeclineCode     string
}

type CardCapture struct {
	AuthorizationID string
	AmountCents     domain.Cents
	IdempotencyKey  string
}

type CardVoid struct {
	AuthorizationID string
	IdempotencyKey  string
}

type CardRefund struct {
	CaptureID      string
	AmountCents    domain.Cents
	Reason         string
	IdempotencyKey string
}

type CardOpResult struct {
	ID     string
	Status string
}

type SupplierOrder struct {
	ClientRef string
	SiteCode  string
	Lines     []domain.RestockLine
	Notes     string
}

type SupplierAck struct {
	OrderID       string
	DeliveryDate  time.Time
	RejectedLines []string
}

type PayoutTransfer struct {
	Account        string
	AmountCents    domain.Cents
	Currency       string
	Description    string
	IdempotencyKey string
}

type PayoutResult struct {
	TransferID string
	Status     string
}

type Email struct {
	To       string
	Subject  string
	TextBody string
}

type BusMessage struct {
	Topic   string
	Key     string
	Payload []byte
}

type OutboxMessage struct {
	ID      int64
	Topic   string
	Key     string
	Payload []byte
}

type WebhookDelivery struct {
	ID          string
	EventID     string
	EventType   string
	SignatureOK bool
	ReceivedAt  time.Time
}

type LedgerEntry struct {
	ID              string
	PaymentID       string
	Kind            string
	AmountCents     domain.Cents
	FeeCents        domain.Cents
	ProviderEventID string
	CreatedAt       time.Time
}
