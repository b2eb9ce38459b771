// Package ordering implements the customer-facing order lifecycle: placing,
// rescheduling, promotions and cancellation.
package ordering

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
)

// Service is the customer order API used by the gRPC transport.
type Service interface {
	PlaceOrder(ctx context.Context, in PlaceOrderInput) (domain.Order, error)
	GetOrder(ctx context.Context, id uuid.UUID) (domain.Order, error)
	CancelOrder(ctx context.Context, id uuid.UUID, reason string) error
	Reschedule(ctx context.Context, id uuid.UUID, newSlotID int64) (domain.Order, error)
	ApplyPromo(ctx context.Context, id uuid.UUID, code string) (domain.Order, error)
}

// OrderRepository is the order persistence the service needs.
type OrderRepository interface {
	Insert(ctx context.Context, o domain.Order, lines []domain.OrderLine) error
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Order, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error
	SetSlot(ctx context.Context, id uuid.UUID, slotID int64) error
	ApplyDiscount(ctx context.Context, id uuid.UUID, cents int64) error
	AppendEvent(ctx context.Context, ev domain.OrderEvent) error
}

// SlotRepository manages delivery slot capacity.
type SlotRepository interface {
	GetForUpdate(ctx context.Context, slotID int64) (domain.Slot, error)
	Reserve(ctx context.Context, slotID int64) error
	Release(ctx context.Context, slotID int64) error
}

// RequestKeyRepository stores caller idempotency keys.
type RequestKeyRepository interface {
	Claim(ctx context.Context, scope, key, requestHash string) (bool, error)
	Lookup(ctx context.Context, scope, key string) (hash string, resultRef string, err error)
	SetResult(ctx context.Context, scope, key, resultRef string) error
}

// PromotionRepository reads and redeems promo codes.
type PromotionRepository interface {
	Get(ctx context.Context, code string) (domain.Promotion, error)
	Redeem(ctx context.Context, orderID uuid.UUID, code string, discountCents int64) error
}

// Jobs schedules background work triggered by order changes.
type Jobs interface {
	ScheduleSlotReminder(ctx context.Context, orderID uuid.UUID, kind string, at time.Time) error
	EnqueueRefund(ctx context.Context, orderID uuid.UUID, reason string, amountCents int64) error
	EnqueueRetailerCancellation(ctx context.Context, orderID uuid.UUID, retailerID, reason string) error
}

// PlaceOrderInput is the validated request to place an order.
type PlaceOrderInput struct {
	IdempotencyKey string
	CustomerID     uuid.UUID
	StoreID        string
	RetailerID     string
	SlotID         int64
	Phone          string
	PaymentMethod  string
	Currency       string
	Lines          []LineInput
}

// LineInput is one requested product.
type LineInput struct {
	SKU            string
	Quantity       int
	UnitPriceCents int64
}
