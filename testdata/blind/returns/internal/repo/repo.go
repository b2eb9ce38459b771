// Package repo declares the write-side repositories. Every method takes a
// pg.Querier so callers decide whether it runs inside a transaction.
package repo

import (
	"context"
	"time"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/platform/pg"
)

type Q = pg.Querier

type Returns interface {
	Insert(ctx context.Context, q Q, r domain.Return) error
	Get(ctx context.Context, q Q, id string) (domain.Return, error)
	GetForUpdate(ctx context.Context, q Q, id string) (domain.Return, error)
	Transition(ctx context.Context, q Q, id string, from []domain.ReturnStatus, to domain.ReturnStatus) (bool, error)
	SetRefundMethod(ctx context.Context, q Q, id string, m domain.RefundMethod) (bool, error)
	AddRefundable(ctx context.Context, q Q, id string, cents int64) error
	ExpireOpen(ctx context.Context, q Q, now time.Time, limit int) ([]domain.Return, error)
	ClaimLabelReminders(ctx context.Context, q Q, issuedBefore time.Time, limit int) ([]domain.Return, error)
}

type Items interface {
	Insert(ctx context.Context, q Q, it domain.ReturnItem) error
	ListByReturn(ctx context.Context, q Q, returnID string) ([]domain.ReturnItem, error)
	GetByLine(ctx context.Context, q Q, returnID, orderLineID string) (domain.ReturnItem, error)
	MarkRestocked(ctx context.Context, q Q, itemID string) error
}

type Idempotency interface {
	// Claim inserts a pending record for (scope, key). claimed is false when a
	// record already existed, in which case the existing record is returned.
	Claim(ctx context.Context, q Q, scope, key, requestHash string) (rec domain.IdempotencyRecord, claimed bool, err error)
	Complete(ctx context.Context, q Q, scope, key, resourceID string, status int, body []byte) error
	Lookup(ctx context.Context, q Q, scope, key string) (domain.IdempotencyRecord, bool, error)
	Save(ctx context.Context, q Q, rec domain.IdempotencyRecord) error
}

type Exchanges interface {
	Insert(ctx context.Context, q Q, e domain.Exchange) error
}

type Labels interface {
	// EnsurePending creates the booking row for a return unless one exists
	// and returns whichever row is stored.
	EnsurePending(ctx context.Context, q Q, b domain.LabelBooking) (domain.LabelBooking, error)
	Upsert(ctx context.Context, q Q, b domain.LabelBooking) error
	MarkBooked(ctx context.Context, q Q, id, shipmentID, tracking, labelURL string) error
	MarkFailed(ctx context.Context, q Q, id, reason string) error
	GetByReturn(ctx context.Context, q Q, returnID string) (domain.LabelBooking, error)
	GetByTracking(ctx context.Context, q Q, tracking string) (domain.LabelBooking, error)
}

type CarrierEvents interface {
	Seen(ctx context.Context, q Q, eventID string) (bool, error)
	Record(ctx context.Context, q Q, eventID string) error
}

type Tracking interface {
	Insert(ctx context.Context, q Q, ev domain.TrackingEvent) error
}

type Inspections interface {
	InsertReceipt(ctx context.Context, q Q, returnID, eventID, warehouseID string, at time.Time) (bool, error)
	InsertGrade(ctx context.Context, q Q, g domain.ItemGrade) error
	InsertDiscrepancy(ctx context.Context, q Q, d domain.Discrepancy) error
}

type Inventory interface {
	RecordRestock(ctx context.Context, q Q, e domain.RestockEntry) (bool, error)
	Adjust(ctx context.Context, q Q, sku, warehouseID string, delta int) error
}

type Refunds interface {
	Insert(ctx context.Context, q Q, r domain.Refund) error
	EnsureInspectionRefund(ctx context.Context, q Q, r domain.Refund) (domain.Refund, error)
	Get(ctx context.Context, q Q, id string) (domain.Refund, error)
	MarkSubmitted(ctx context.Context, q Q, id, stripeRefundID string, status domain.RefundStatus) error
	MarkFailed(ctx context.Context, q Q, id, reason string) error
	UpdateByStripeID(ctx context.Context, q Q, stripeRefundID string, status domain.RefundStatus, failure string) (domain.Refund, bool, error)
}

type StoreCredits interface {
	Insert(ctx context.Context, q Q, c domain.StoreCredit) error
	InsertForReturn(ctx context.Context, q Q, c domain.StoreCredit) (bool, error)
}

type StripeEvents interface {
	Claim(ctx context.Context, q Q, eventID, eventType string) (bool, error)
}

type Endpoints interface {
	Register(ctx context.Context, q Q, e domain.WebhookEndpoint) (domain.WebhookEndpoint, error)
	ListActive(ctx context.Context, q Q, merchantID, eventType string) ([]domain.WebhookEndpoint, error)
}

type Outbox interface {
	Insert(ctx context.Context, q Q, m domain.OutboxMessage) (bool, error)
	Get(ctx context.Context, q Q, id string) (domain.OutboxMessage, error)
	MarkDelivered(ctx context.Context, q Q, id string) error
	IncrementAttempts(ctx context.Context, q Q, id string) error
}

type Attempts interface {
	Append(ctx context.Context, q Q, a domain.WebhookAttempt) error
}
