// Package repository holds the gorm-backed persistence for printshop. Every
// repository exposes WithTx so that services can compose several of them
// inside a single db.Transaction closure.
package repository

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
)

var ErrNotFound = errors.New("repository: not found")

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}

type MerchantRepository interface {
	WithTx(tx *gorm.DB) MerchantRepository
	Get(ctx context.Context, id string) (*model.Merchant, error)
	GetByDomain(ctx context.Context, domain string) (*model.Merchant, error)
	GetByAPIKeyHash(ctx context.Context, hash string) (*model.Merchant, error)
	MarkUninstalled(ctx context.Context, id string, at time.Time) error
	ListActive(ctx context.Context) ([]model.Merchant, error)
}

type OrderRepository interface {
	WithTx(tx *gorm.DB) OrderRepository
	Get(ctx context.Context, id string) (*model.Order, error)
	GetByShopOrderID(ctx context.Context, merchantID, shopOrderID string) (*model.Order, error)
	// InsertIfAbsent inserts the order and its items unless an order with the
	// same (merchant_id, shop_order_id) exists. It reports whether it inserted.
	InsertIfAbsent(ctx context.Context, o *model.Order) (bool, error)
	Create(ctx context.Context, o *model.Order) error
	SetStatus(ctx context.Context, id, status string) error
	Transition(ctx context.Context, id string, from []string, to string) (bool, error)
	UpdateShipTo(ctx context.Context, id string, addr model.Address, shopUpdatedAt time.Time) (bool, error)
	ListByStatus(ctx context.Context, merchantID, status string, limit int) ([]model.Order, error)
}

type WalletRepository interface {
	WithTx(tx *gorm.DB) WalletRepository
	Get(ctx context.Context, merchantID string) (*model.Wallet, error)
	GetForUpdate(ctx context.Context, merchantID string) (*model.Wallet, error)
	// InsertEntry writes a ledger row. Rows carrying an idempotency key are
	// written with ON CONFLICT DO NOTHING and report false when already present.
	InsertEntry(ctx context.Context, e *model.LedgerEntry) (bool, error)
	AdjustBalance(ctx context.Context, merchantID string, delta int64) (int64, error)
}

type TopupRepository interface {
	WithTx(tx *gorm.DB) TopupRepository
	Create(ctx context.Context, t *model.WalletTopup) error
	Get(ctx context.Context, id string) (*model.WalletTopup, error)
	MarkSucceeded(ctx context.Context, id, chargeID string) error
	MarkFailed(ctx context.Context, id, reason string) error
}

type IdempotencyRepository interface {
	WithTx(tx *gorm.DB) IdempotencyRepository
	// Claim inserts the key row; false means another request already holds it.
	Claim(ctx context.Context, k *model.IdempotencyKey) (bool, error)
	Get(ctx context.Context, scope, merchantID, key string) (*model.IdempotencyKey, error)
	Save(ctx context.Context, k *model.IdempotencyKey) error
	Complete(ctx context.Context, scope, merchantID, key, resourceID string, code int, body []byte) error
}

type InboundRepository interface {
	WithTx(tx *gorm.DB) InboundRepository
	ClaimWebhook(ctx context.Context, source, deliveryID, topic string) (bool, error)
	ClaimFacilityEvent(ctx context.Context, e *model.FacilityEvent) (bool, error)
	BatchSeen(ctx context.Context, facility, batchID string) (bool, error)
	RecordBatch(ctx context.Context, b *model.FacilityBatch) error
}

type PrintJobRepository interface {
	WithTx(tx *gorm.DB) PrintJobRepository
	Get(ctx context.Context, id string) (*model.PrintJob, error)
	GetByFacilityJobID(ctx context.Context, facility, facilityJobID string) (*model.PrintJob, error)
	ListByOrder(ctx context.Context, orderID string) ([]model.PrintJob, error)
	ListOpen(ctx context.Context, facility string, limit int) ([]model.PrintJob, error)
	Create(ctx context.Context, j *model.PrintJob) error
	InsertIfAbsent(ctx context.Context, j *model.PrintJob) (bool, error)
	FindByToken(ctx context.Context, token string) (*model.PrintJob, error)
	MarkSubmitted(ctx context.Context, id, facilityJobID string) error
	Transition(ctx context.Context, id string, from []string, to string) (bool, error)
	InsertPayable(ctx context.Context, p *model.FacilityPayable) error
}

type ShipmentRepository interface {
	WithTx(tx *gorm.DB) ShipmentRepository
	Get(ctx context.Context, id string) (*model.Shipment, error)
	GetByTrackingCode(ctx context.Context, code string) (*model.Shipment, error)
	ListByOrder(ctx context.Context, orderID string) ([]model.Shipment, error)
	// Ensure returns the shipment carrying s.RequestID, creating it from s
	// when it does not exist yet. s.RequestID must be set.
	Ensure(ctx context.Context, s *model.Shipment) (*model.Shipment, error)
	SetCarrierShipment(ctx context.Context, id, carrierID string) error
	Create(ctx context.Context, s *model.Shipment) error
	MarkPurchased(ctx context.Context, id, carrierID, tracking, labelURL string, rateCents int64) error
	SetStatus(ctx context.Context, id, status string) error
	Transition(ctx context.Context, id string, from []string, to string) (bool, error)
	ClaimTrackingEvent(ctx context.Context, e *model.TrackingEvent) (bool, error)
}

type WebhookRepository interface {
	WithTx(tx *gorm.DB) WebhookRepository
	CreateEndpoint(ctx context.Context, e *model.WebhookEndpoint) error
	ListEndpoints(ctx context.Context, merchantID string) ([]model.WebhookEndpoint, error)
	GetEndpoint(ctx context.Context, id string) (*model.WebhookEndpoint, error)
	InsertDeliveryIfAbsent(ctx context.Context, d *model.WebhookDelivery) (bool, error)
	GetDelivery(ctx context.Context, id string) (*model.WebhookDelivery, error)
	FinishDelivery(ctx context.Context, id, status string, attempts int) error
	AppendAttempt(ctx context.Context, a *model.WebhookAttempt) error
}
