// Package service contains printshop's business logic. Transports (HTTP,
// gRPC, asynq, SQS) depend on the interfaces declared here; cmd/ wires the
// implementations with fx.
package service

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrForbidden         = errors.New("forbidden")
	ErrInvalid           = errors.New("invalid request")
	ErrConflict          = errors.New("conflict")
	ErrInsufficientFunds = errors.New("insufficient wallet balance")
)

// ShopLineItem is one line of an order as the shop platform sends it.
type ShopLineItem struct {
	SKU        string
	Quantity   int
	ArtworkURL string
	UnitCents  int64
}

type ShopOrderInput struct {
	ShopDomain  string
	ShopOrderID string
	Currency    string
	ShipTo      model.Address
	Lines       []ShopLineItem
	UpdatedAt   time.Time
}

type ManualOrderInput struct {
	Currency string
	ShipTo   model.Address
	Lines    []ShopLineItem
	Facility string
}

type OrderService interface {
	IngestShopOrder(ctx context.Context, deliveryID string, in ShopOrderInput) (*model.Order, bool, error)
	UpdateShippingAddress(ctx context.Context, shopDomain, shopOrderID string, addr model.Address, updatedAt time.Time) (bool, error)
	CancelShopOrder(ctx context.Context, shopDomain, shopOrderID, reason string) error
	CreateManualOrder(ctx context.Context, merchantID string, in ManualOrderInput) (*model.Order, error)
	ChargeOrder(ctx context.Context, orderID string) error
}

type MerchantService interface {
	Authenticate(ctx context.Context, apiKey string) (*model.Merchant, error)
	Uninstall(ctx context.Context, shopDomain string, at time.Time) error
}

type WalletService interface {
	// Post records e and moves the balance inside tx. When e carries an
	// idempotency key that was already used, nothing changes and applied is
	// false.
	Post(ctx context.Context, tx *gorm.DB, e model.LedgerEntry) (applied bool, balance int64, err error)
	// Credit adds amount to the merchant's wallet in its own transaction.
	Credit(ctx context.Context, merchantID string, amount int64, kind, reference, memo string) (int64, error)
	Balance(ctx context.Context, merchantID string) (int64, error)
}

type FacilityStatusEvent struct {
	EventID       string
	FacilityJobID string
	Status        string
	CostCents     int64
	Tracking      string
	OccurredAt    time.Time
	Raw           []byte
}

type FacilityEventService interface {
	ApplyEvent(ctx context.Context, facility string, evt FacilityStatusEvent) (bool, error)
	ApplyBatch(ctx context.Context, facility, batchID string, evts []FacilityStatusEvent) (int, error)
	ReportDefect(ctx context.Context, facility, facilityJobID, note string) (*model.PrintJob, error)
}

type FulfilmentService interface {
	SubmitJob(ctx context.Context, jobID string) error
	Resubmit(ctx context.Context, merchantID, orderID, token, reason string) (*model.PrintJob, error)
	CancelJob(ctx context.Context, merchantID, jobID string) (*model.PrintJob, error)
	Reconcile(ctx context.Context, facility string) (int, error)
}

type LabelService interface {
	RequestLabel(ctx context.Context, printJobID string) error
	PurchaseOutbound(ctx context.Context, req LabelPurchaseRequest) (*model.Shipment, error)
	VoidLabel(ctx context.Context, shipmentID, reason string) error
	Reissue(ctx context.Context, merchantID, shipmentID string) (*model.Shipment, error)
	CreateReturnLabel(ctx context.Context, orderID, reason string) (*model.Shipment, error)
}

type LabelPurchaseRequest struct {
	RequestID  string
	OrderID    string
	PrintJobID string
	ParcelSeq  int
	Service    string
	WeightOz   float64
}

type TrackingUpdate struct {
	CarrierEventID string
	TrackingCode   string
	Status         string
	Detail         string
	OccurredAt     time.Time
}

type TrackingService interface {
	RecordUpdate(ctx context.Context, u TrackingUpdate) error
	HandleDelivered(ctx context.Context, orderID, shipmentID, trackingCode string, at time.Time) error
}

type NotificationService interface {
	// Emit records one delivery per subscribed endpoint inside tx and returns
	// the delivery ids for Dispatch. Delivery ids are derived from the
	// endpoint, event type and dedupParts.
	Emit(ctx context.Context, tx *gorm.DB, merchantID, eventType string, data any, dedupParts ...string) ([]string, error)
	Dispatch(ctx context.Context, deliveryIDs []string) error
	Deliver(ctx context.Context, deliveryID string) error
	SendNow(ctx context.Context, merchantID, eventType string, data any) error
	RegisterEndpoint(ctx context.Context, merchantID, url string, eventTypes []string) (*model.WebhookEndpoint, error)
	AlertLowBalance(ctx context.Context, merchantID string, balance int64) error
}

type TopupService interface {
	CreateTopup(ctx context.Context, merchantID, idempotencyKey string, amount int64) (*model.WalletTopup, error)
	AutoTopup(ctx context.Context, merchantID, trigger string) error
}

type RefundResult struct {
	OrderID      string `json:"order_id"`
	AmountCents  int64  `json:"amount_cents"`
	BalanceCents int64  `json:"balance_cents"`
}

type DashboardService interface {
	AdjustWallet(ctx context.Context, merchantID, adjustmentID string, amount int64, memo string) (int64, error)
	RefundOrder(ctx context.Context, merchantID, orderID, idempotencyKey string, amount int64, reason string) (*RefundResult, error)
	RequestReturnLabel(ctx context.Context, merchantID, orderID, reason string) error
}

type StatementService interface {
	GenerateMonthly(ctx context.Context, period string) (int, error)
}
