// Package service holds the bakery's use cases. Services depend on the
// repository and provider interfaces declared here; implementations live in
// store, providers, events and fulfilment.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/providers/cardpay"
	"github.com/crumbworks/ovenline/internal/providers/directdebit"
	"github.com/crumbworks/ovenline/internal/providers/mailer"
	"github.com/crumbworks/ovenline/internal/providers/millnet"
	"github.com/crumbworks/ovenline/internal/store"
)

// Pool runs queries on the connection pool and opens transactions.
type Pool interface {
	sqlx.ExtContext
	WithTx(ctx context.Context, fn func(*sqlx.Tx) error) error
}

// CustomerRepo reads customers and products.
type CustomerRepo interface {
	Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (domain.Customer, error)
	ListActive(ctx context.Context, q sqlx.ExtContext) ([]domain.Customer, error)
	Products(ctx context.Context, q sqlx.ExtContext, ids []uuid.UUID) (map[uuid.UUID]domain.Product, error)
}

// OrderRepo persists orders.
type OrderRepo interface {
	Insert(ctx context.Context, q sqlx.ExtContext, o *domain.Order) error
	InsertFromStanding(ctx context.Context, q sqlx.ExtContext, o *domain.Order) (uuid.UUID, bool, error)
	InsertLine(ctx context.Context, q sqlx.ExtContext, l domain.OrderLine) error
	Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (domain.Order, error)
	TransitionStatus(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, to domain.OrderStatus, from ...domain.OrderStatus) (bool, error)
}

// IdempotencyRepo stores client idempotency keys.
type IdempotencyRepo interface {
	Claim(ctx context.Context, q sqlx.ExtContext, scope, key, hash string) (bool, error)
	Get(ctx context.Context, q sqlx.ExtContext, scope, key string) (*store.IdempotencyRecord, error)
	SetResource(ctx context.Context, q sqlx.ExtContext, scope, key string, id uuid.UUID) error
}

// StandingOrderRepo persists standing orders.
type StandingOrderRepo interface {
	Insert(ctx context.Context, q sqlx.ExtContext, s *domain.StandingOrder) error
	InsertLines(ctx context.Context, q sqlx.ExtContext, lines []domain.StandingOrderLine) error
	ActiveOn(ctx context.Context, q sqlx.ExtContext, day time.Time) ([]domain.StandingOrder, error)
}

// ProductionRepo reads the bake plan.
type ProductionRepo interface {
	FlourNeeds(ctx context.Context, q sqlx.ExtContext, from, to time.Time) ([]domain.FlourNeed, error)
}

// DeliveryRepo persists routes and stops.
type DeliveryRepo interface {
	GetRoute(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (domain.Route, error)
	Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (domain.Delivery, error)
	Stop(ctx context.Context, q sqlx.ExtContext, deliveryID uuid.UUID) (domain.Stop, error)
	StopsForRoute(ctx context.Context, q sqlx.ExtContext, routeID uuid.UUID) ([]domain.Stop, error)
	MarkRouteDispatched(ctx context.Context, q sqlx.ExtContext, routeID uuid.UUID, driver string, at time.Time) error
	MarkNotified(ctx context.Context, q sqlx.ExtContext, deliveryID uuid.UUID, at time.Time) error
	InsertProof(ctx context.Context, q sqlx.ExtContext, pod domain.ProofOfDelivery) error
	MarkDelivered(ctx context.Context, q sqlx.ExtContext, deliveryID uuid.UUID, at time.Time) error
	MarkFailed(ctx context.Context, q sqlx.ExtContext, deliveryID uuid.UUID, reason string) (bool, error)
	Reschedule(ctx context.Context, q sqlx.ExtContext, deliveryID uuid.UUID, newDate time.Time, reason string) error
	AdjustCrates(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID, delta int) error
}

// InboxRepo records applied stream messages.
type InboxRepo interface {
	Claim(ctx context.Context, q sqlx.ExtContext, consumer, msgID string) (bool, error)
}

// InvoiceRepo persists invoices.
type InvoiceRepo interface {
	Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (domain.Invoice, error)
	ForOrder(ctx context.Context, q sqlx.ExtContext, orderID uuid.UUID) (domain.Invoice, error)
	AddPaid(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, amount int) error
	AddCredited(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, amount int) error
	RecordCollectionFailure(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) error
	RetryableCollections(ctx context.Context, q sqlx.ExtContext, maxAttempts int) ([]domain.Invoice, error)
	MarkCollecting(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) error
	StatementFor(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID, from, to time.Time) ([]store.StatementLine, error)
	StatementSent(ctx context.Context, q sqlx.ExtContext, period string, customerID uuid.UUID) (bool, error)
	RecordStatementSent(ctx context.Context, q sqlx.ExtContext, period string, customerID uuid.UUID) error
}

// PaymentRepo persists payments.
type PaymentRepo interface {
	InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, p domain.Payment) (bool, error)
	ByProviderID(ctx context.Context, q sqlx.ExtContext, provider, providerID string) (domain.Payment, error)
	SetStatus(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, status string) error
	LatestConfirmed(ctx context.Context, q sqlx.ExtContext, invoiceID uuid.UUID) (domain.Payment, error)
}

// CreditRepo persists credit notes and refunds.
type CreditRepo interface {
	Insert(ctx context.Context, q sqlx.ExtContext, cn *domain.CreditNote) error
	Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (domain.CreditNote, error)
	SetStatus(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, status string) error
	InsertRefund(ctx context.Context, q sqlx.ExtContext, rf domain.Refund) error
}

// WebhookRepo tracks provider webhook deliveries.
type WebhookRepo interface {
	Seen(ctx context.Context, q sqlx.ExtContext, provider, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, q sqlx.ExtContext, provider, eventID string) error
	Log(ctx context.Context, q sqlx.ExtContext, provider, eventID, signature string, payload []byte) error
}

// PurchasingRepo persists flour purchase orders.
type PurchasingRepo interface {
	Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (domain.PurchaseOrder, error)
	Supplier(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (domain.Supplier, error)
	MillSKUs(ctx context.Context, q sqlx.ExtContext, supplierID uuid.UUID) (map[string]string, error)
	MarkSubmitted(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, millRef string, at time.Time) error
	EnsureDraft(ctx context.Context, q sqlx.ExtContext, supplierID uuid.UUID, neededBy time.Time, createdBy string) (uuid.UUID, error)
	SetLine(ctx context.Context, q sqlx.ExtContext, poID uuid.UUID, flourCode string, kg int) error
}

// DirectDebit is the Debitline client.
type DirectDebit interface {
	CreatePayment(ctx context.Context, req directdebit.CreatePaymentRequest, opts ...directdebit.CallOption) (directdebit.Payment, error)
	CreateRefund(ctx context.Context, req directdebit.CreateRefundRequest, opts ...directdebit.CallOption) (directdebit.Refund, error)
}

// CardCharger is the Cardpay client.
type CardCharger interface {
	Charge(ctx context.Context, req cardpay.ChargeRequest) (cardpay.Intent, error)
}

// Mailer is the Postbox client.
type Mailer interface {
	Send(ctx context.Context, msg mailer.Message) (string, error)
}

// Mill is the Harrow Mills trade API client.
type Mill interface {
	PlaceOrder(ctx context.Context, req millnet.OrderRequest) (millnet.Order, error)
}

// FulfilmentStarter starts and signals order fulfilment workflows.
type FulfilmentStarter interface {
	StartFulfilment(ctx context.Context, orderID uuid.UUID, deliveryDate time.Time) error
	SignalDelivered(ctx context.Context, orderID uuid.UUID, at time.Time) error
	SignalCancelled(ctx context.Context, orderID uuid.UUID) error
}

// EventPublisher publishes delivery events to the stream. msgID is used by
// the stream for duplicate detection.
type EventPublisher interface {
	Publish(ctx context.Context, subject, msgID string, v any) error
}

// Clock returns the current time; overridden in tests.
type Clock func() time.Time
