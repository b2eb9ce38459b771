// Package service holds the application services. Services talk to storage
// and to providers only through the interfaces in this file; the concrete
// implementations are wired in cmd/api and cmd/worker.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/partner"
	"github.com/basketline/grocery/internal/payments"
)

type TxRunner interface {
	RunInTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type BasketStore interface {
	CreateOpen(ctx context.Context, b *domain.Basket) (bool, error)
	OpenForCustomer(ctx context.Context, customerID uuid.UUID) (*domain.Basket, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Basket, error)
	Lock(ctx context.Context, id uuid.UUID) (*domain.Basket, error)
	SetItem(ctx context.Context, item *domain.BasketItem) error
	RemoveItem(ctx context.Context, basketID uuid.UUID, sku string) error
	Touch(ctx context.Context, id uuid.UUID) error
	MarkCheckedOut(ctx context.Context, id uuid.UUID) error
}

type StockStore interface {
	Store(ctx context.Context, id string) (*domain.PartnerStore, error)
	Get(ctx context.Context, storeID, sku string) (*domain.StockLevel, error)
	GetMany(ctx context.Context, storeID string, skus []string) (map[string]*domain.StockLevel, error)
	UpsertSnapshot(ctx context.Context, levels []*domain.StockLevel) (int64, error)
	ApplyDelta(ctx context.Context, storeID, sku string, delta int, seq int64) error
	Cursor(ctx context.Context, partnerID string) (int64, error)
	AdvanceCursor(ctx context.Context, partnerID string, seq int64) error
}

type SlotStore interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.DeliverySlot, error)
	Lock(ctx context.Context, id uuid.UUID) (*domain.DeliverySlot, error)
	ListAvailable(ctx context.Context, storeID string, from, to time.Time) ([]*domain.DeliverySlot, error)
	InsertReservation(ctx context.Context, res *domain.SlotReservation) error
	InsertReservationIfAbsent(ctx context.Context, res *domain.SlotReservation) (bool, error)
	Reservation(ctx context.Context, id uuid.UUID) (*domain.SlotReservation, error)
	AdjustReserved(ctx context.Context, slotID uuid.UUID, delta int) error
	ReleaseReservation(ctx context.Context, id uuid.UUID) (bool, error)
	ConfirmReservation(ctx context.Context, id, orderID uuid.UUID) error
	Reactivate(ctx context.Context, id, orderID uuid.UUID) (bool, error)
	ExpireHeld(ctx context.Context, now time.Time, limit int) (int, error)
}

type OrderStore interface {
	Create(ctx context.Context, o *domain.Order) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Order, error)
	Lock(ctx context.Context, id uuid.UUID) (*domain.Order, error)
	ByBasket(ctx context.Context, basketID uuid.UUID) (*domain.Order, error)
	Line(ctx context.Context, orderID, lineID uuid.UUID) (*domain.OrderLine, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error
	Transition(ctx context.Context, id uuid.UUID, from []domain.OrderStatus, to domain.OrderStatus) (bool, error)
	MarkCancelled(ctx context.Context, id uuid.UUID, reason string, at time.Time) error
	MarkPicked(ctx context.Context, id uuid.UUID, finalTotal int64, at time.Time) (bool, error)
	MarkDelivered(ctx context.Context, id uuid.UUID, at time.Time) error
	SetPicklistRef(ctx context.Context, id uuid.UUID, ref string) error
	SetInstructions(ctx context.Context, id uuid.UUID, text string) (bool, error)
	SetSlot(ctx context.Context, id, slotID, reservationID uuid.UUID, feePence int64) error
	SetLineStatus(ctx context.Context, lineID uuid.UUID, status string) error
	FinalTotal(ctx context.Context, id uuid.UUID) (int64, error)
}

type PaymentStore interface {
	Create(ctx context.Context, p *domain.PaymentAuthorisation) error
	ByOrder(ctx context.Context, orderID uuid.UUID) (*domain.PaymentAuthorisation, error)
	ByProcessorRef(ctx context.Context, ref string) (*domain.PaymentAuthorisation, error)
	MarkAuthorised(ctx context.Context, id, processorRef string, amount int64) error
	MarkDeclined(ctx context.Context, id, processorRef, code string) error
	SetAuthorisedAmount(ctx context.Context, id string, amount int64) error
	RecordCapture(ctx context.Context, id string, amount int64) error
	MarkVoided(ctx context.Context, id string) error
	LogAttempt(ctx context.Context, a *domain.PaymentAttempt) error
}

type PickingStore interface {
	StartSession(ctx context.Context, s *domain.PickSession) error
	RecordPicked(ctx context.Context, p *domain.PickedItem) error
	AddSubstitution(ctx context.Context, s *domain.Substitution) (bool, error)
	Substitution(ctx context.Context, orderID, id uuid.UUID) (*domain.Substitution, error)
	MarkAuthAdjusted(ctx context.Context, id uuid.UUID) error
	Decide(ctx context.Context, id uuid.UUID, decision string, at time.Time) (bool, error)
	AddShortage(ctx context.Context, s *domain.Shortage) (bool, error)
}

type RefundStore interface {
	Ensure(ctx context.Context, rf *domain.Refund) (*domain.Refund, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Refund, error)
	ByProcessorRef(ctx context.Context, ref string) (*domain.Refund, error)
	ForOrder(ctx context.Context, orderID uuid.UUID) ([]*domain.Refund, error)
	RefundedTotal(ctx context.Context, orderID uuid.UUID) (int64, error)
	MarkSucceeded(ctx context.Context, id uuid.UUID, processorRef string) error
	MarkFailed(ctx context.Context, id uuid.UUID, reason string) error
	Stale(ctx context.Context, olderThan time.Time, limit int) ([]*domain.Refund, error)
}

type DeliveryStore interface {
	UpsertAssignment(ctx context.Context, a *domain.DriverAssignment) error
	Assignment(ctx context.Context, orderID uuid.UUID) (*domain.DriverAssignment, error)
	RecordHandoff(ctx context.Context, in domain.HandoffInput) (*domain.DeliveryHandoff, error)
	AddAttempt(ctx context.Context, a *domain.DeliveryAttempt) (bool, error)
	AddReturned(ctx context.Context, items []*domain.ReturnedItem) error
	ClaimNotification(ctx context.Context, n *domain.NotificationSent) (bool, error)
}

type LoyaltyStore interface {
	Enrol(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, bool, error)
	Account(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, error)
	LockAccount(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, error)
	AddPoints(ctx context.Context, customerID uuid.UUID, delta int64) error
	AppendLedger(ctx context.Context, e *domain.LoyaltyLedgerEntry) error
	AppendLedgerOnce(ctx context.Context, e *domain.LoyaltyLedgerEntry) (bool, error)
	LedgerEntry(ctx context.Context, id uuid.UUID) (*domain.LoyaltyLedgerEntry, error)
	AddRedemption(ctx context.Context, red *domain.LoyaltyRedemption) error
	RedemptionForBasket(ctx context.Context, basketID uuid.UUID) (*domain.LoyaltyRedemption, error)
	CancelRedemption(ctx context.Context, id uuid.UUID) (bool, error)
}

type IdempotencyStore interface {
	Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyKey, bool, error)
	Complete(ctx context.Context, scope, key, resourceID string, status int, body any) error
}

type InboxStore interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

type WebhookStore interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	Record(ctx context.Context, provider, eventID, eventType string) error
}

type OutboxStore interface {
	Add(ctx context.Context, subject string, payload any) (string, error)
	Pending(ctx context.Context, limit int) ([]*domain.OutboxEvent, error)
	MarkPublished(ctx context.Context, ids []string, at time.Time) error
}

// Providers.

type PaymentProcessor interface {
	Authorise(ctx context.Context, req payments.AuthoriseRequest) (*payments.Authorisation, error)
	IncrementAuthorisation(ctx context.Context, req payments.IncrementRequest) (*payments.Authorisation, error)
	Capture(ctx context.Context, req payments.CaptureRequest) (*payments.Capture, error)
	Refund(ctx context.Context, req payments.RefundRequest) (*payments.RefundResult, error)
	Void(ctx context.Context, req payments.VoidRequest) error
}

type PartnerAPI interface {
	SubmitPickList(ctx context.Context, storeID string, pl partner.PickList, opts ...partner.CallOption) (*partner.PickListAck, error)
	CancelPickList(ctx context.Context, storeID, pickListID string) error
	AdjustStock(ctx context.Context, storeID string, adj partner.StockAdjustment) error
}

type SMSSender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

type Publisher interface {
	Publish(ctx context.Context, subject string, v any, msgID string) error
	PublishRaw(ctx context.Context, subject string, data []byte, msgID string) error
}

// Clock and ID sources, swapped in tests.
type (
	Clock   func() time.Time
	UUIDGen func() uuid.UUID
)
