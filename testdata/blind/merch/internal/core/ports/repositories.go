// Package ports declares the interfaces the core services depend on. The
// adapters under internal/adapters implement them.
package ports

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
)

type OrderRepository interface {
	// InsertOrder inserts the order unless one already exists under the
	// same idempotency key; created reports which happened and the stored
	// order is returned either way.
	InsertOrder(ctx context.Context, o domain.Order) (stored domain.Order, created bool, err error)
	InsertOrderItem(ctx context.Context, it domain.OrderItem) error
	GetOrder(ctx context.Context, id uuid.UUID) (domain.Order, error)
	GetOrderForUpdate(ctx context.Context, id uuid.UUID) (domain.Order, error)
	GetOrderByPaymentIntent(ctx context.Context, paymentIntentID string) (domain.Order, error)
	ListOrderItems(ctx context.Context, orderID uuid.UUID) ([]domain.OrderItem, error)
	GetOrderItem(ctx context.Context, id uuid.UUID) (domain.OrderItem, error)
	GetOrderItemBySKU(ctx context.Context, orderID uuid.UUID, sku string) (domain.OrderItem, error)
	SetPaymentIntent(ctx context.Context, orderID uuid.UUID, paymentIntentID string) error
	MarkAuthorized(ctx context.Context, orderID uuid.UUID, at, expires time.Time) (bool, error)
	TransitionStatus(ctx context.Context, orderID uuid.UUID, from []domain.OrderStatus, to domain.OrderStatus) (bool, error)
	SetStatus(ctx context.Context, orderID uuid.UUID, status domain.OrderStatus) error
	UpdateShippingAddress(ctx context.Context, orderID uuid.UUID, addr domain.Address) error
	RecordCapture(ctx context.Context, orderID uuid.UUID, amountCents int64, at time.Time) error
	ReplaceAuthorization(ctx context.Context, orderID uuid.UUID, paymentIntentID string, at, expires time.Time) error
	SetItemStatus(ctx context.Context, itemID uuid.UUID, from, to domain.ItemStatus) (bool, error)
	ReduceOrderTotal(ctx context.Context, orderID uuid.UUID, amountCents int64) error
	// RemoveItem takes an active line off an uncaptured order and returns
	// its units to the pre-order pool.
	RemoveItem(ctx context.Context, item domain.OrderItem) error
	ListActiveItemsBySKU(ctx context.Context, sku string) ([]domain.OrderItem, error)
	ListOpenOrderIDsBySKU(ctx context.Context, sku string) ([]uuid.UUID, error)
	SetExpectedShipDate(ctx context.Context, orderID uuid.UUID, date time.Time) error
	ListStalePending(ctx context.Context, createdBefore time.Time, limit int32) ([]domain.Order, error)
	ListExpiringAuthorizations(ctx context.Context, expiresBefore time.Time, limit int32) ([]domain.Order, error)
}

type CatalogRepository interface {
	InsertArtist(ctx context.Context, a domain.Artist) (domain.Artist, error)
	GetArtist(ctx context.Context, id uuid.UUID) (domain.Artist, error)
	ListArtists(ctx context.Context) ([]domain.Artist, error)
	UpdateArtistConnectStatus(ctx context.Context, stripeAccountID string, payoutsEnabled bool, at time.Time) (bool, error)
	GetTour(ctx context.Context, id uuid.UUID) (domain.Tour, error)
	// InsertProduct inserts unless the SKU exists; created reports which.
	InsertProduct(ctx context.Context, p domain.Product) (stored domain.Product, created bool, err error)
	GetProductBySKU(ctx context.Context, sku string) (domain.Product, error)
	ListProductsBySKU(ctx context.Context, skus []string) ([]domain.Product, error)
	ReserveStock(ctx context.Context, sku string, qty int32) (bool, error)
	ReleaseReservation(ctx context.Context, sku string, qty int32) error
	SetProductStatus(ctx context.Context, sku string, status domain.ProductStatus) (bool, error)
	AdjustStockOnHand(ctx context.Context, sku string, delta int32) error
	InsertStockEvent(ctx context.Context, e domain.StockEvent) error
}

type PaymentRepository interface {
	// InsertOperation records intent to call Stripe. If the operation key
	// already exists the stored row is returned unchanged.
	InsertOperation(ctx context.Context, op domain.PaymentOperation) (domain.PaymentOperation, error)
	GetOperationByKey(ctx context.Context, key string) (domain.PaymentOperation, error)
	CompleteOperation(ctx context.Context, id uuid.UUID, stripeObjectID string) error
	FailOperation(ctx context.Context, id uuid.UUID, code string) error
	FindCaptureByPaymentIntent(ctx context.Context, paymentIntentID string) (domain.PaymentOperation, error)
	// InsertRefund records intent to refund; same conflict semantics as
	// InsertOperation.
	InsertRefund(ctx context.Context, r domain.Refund) (domain.Refund, error)
	CompleteRefund(ctx context.Context, id uuid.UUID, stripeRefundID string) error
	FailRefund(ctx context.Context, id uuid.UUID) error
	MarkRefundSucceededByStripeID(ctx context.Context, stripeRefundID string) (bool, error)
	GetRefundByStripeID(ctx context.Context, stripeRefundID string) (domain.Refund, error)
	InsertDispute(ctx context.Context, d domain.Dispute) (bool, error)
}

type FulfilmentRepository interface {
	UpsertSubmission(ctx context.Context, s domain.Submission) error
	GetSubmission(ctx context.Context, orderID uuid.UUID) (domain.Submission, error)
	InsertShipment(ctx context.Context, s domain.Shipment) (stored domain.Shipment, created bool, err error)
	GetShipmentByWarehouseID(ctx context.Context, warehouseShipmentID string) (domain.Shipment, error)
	InsertShipmentItem(ctx context.Context, shipmentID, itemID uuid.UUID, qty int32) error
	MarkShipmentDelivered(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	SetShipmentStatus(ctx context.Context, id uuid.UUID, status domain.ShipmentStatus) error
	InsertHold(ctx context.Context, h domain.Hold) error
	InsertReship(ctx context.Context, r domain.Reship) (bool, error)
	HasReship(ctx context.Context, shipmentID uuid.UUID) (bool, error)
	InsertReturn(ctx context.Context, r domain.ReturnRecord) error
}

type LedgerRepository interface {
	// InsertLedgerEntry is a no-op when (entry_type, source_ref) exists.
	InsertLedgerEntry(ctx context.Context, e domain.LedgerEntry) (bool, error)
	InsertAdjustment(ctx context.Context, a domain.Adjustment) error
	SumLedger(ctx context.Context, artistID uuid.UUID, from, to time.Time) (domain.LedgerTotals, error)
	InsertPayout(ctx context.Context, p domain.Payout) (domain.Payout, error)
	MarkPayoutPaid(ctx context.Context, id uuid.UUID, transferID string) error
	GetPayoutByTransfer(ctx context.Context, transferID string) (domain.Payout, error)
	InsertStatement(ctx context.Context, s domain.Statement) (bool, error)
}

type MessagingRepository interface {
	// MarkProcessed records an inbound event id; it reports false when the
	// event was already recorded.
	MarkProcessed(ctx context.Context, source, eventID string) (bool, error)
	IsProcessed(ctx context.Context, source, eventID string) (bool, error)
	EnqueueOutbox(ctx context.Context, m domain.OutboxMessage) (bool, error)
	ClaimOutbox(ctx context.Context, limit int32) ([]domain.OutboxMessage, error)
	MarkOutboxPublished(ctx context.Context, ids []uuid.UUID, at time.Time) error
	AppendWebhookReceipt(ctx context.Context, r domain.WebhookReceipt) error
	GetStoredResponse(ctx context.Context, scope, key string) (*domain.StoredResponse, error)
	SaveStoredResponse(ctx context.Context, scope, key string, resp domain.StoredResponse) error
}

type ReconRepository interface {
	StartRun(ctx context.Context, runID uuid.UUID, runDate time.Time, at time.Time) (domain.ReconRun, error)
	InsertReconLine(ctx context.Context, l domain.ReconLine) (bool, error)
	InsertMismatch(ctx context.Context, m domain.Mismatch) error
	FinishRun(ctx context.Context, runID uuid.UUID, txnCount, mismatchCount int32, at time.Time) error
}

// Store is every repository over one database handle.
type Store interface {
	OrderRepository
	CatalogRepository
	PaymentRepository
	FulfilmentRepository
	LedgerRepository
	MessagingRepository
	ReconRepository
}

// TxRunner runs fn inside a database transaction; the Store passed to fn
// is bound to that transaction. The transaction commits when fn returns
// nil.
type TxRunner interface {
	InTx(ctx context.Context, fn func(Store) error) error
}
