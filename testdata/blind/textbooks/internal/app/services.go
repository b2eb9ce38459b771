// Package app declares the services the transport layer calls. The
// implementations live in the subpackages and are wired in cmd/.
package app

import (
	"context"
	"time"

	"github.com/quirecampus/bookloop/internal/domain"
)

// Quotes.

type QuoteRequest struct {
	StudentID       string
	ClientRequestID string
	ISBNs           []string
	PayoutMethod    domain.PayoutMethod
}

type QuoteService interface {
	Create(ctx context.Context, req QuoteRequest) (*domain.Quote, error)
	Accept(ctx context.Context, studentID, quoteID string) (*domain.Quote, error)
}

// Kiosks.

type DropoffRequest struct {
	KioskID     string
	EventID     string
	DropoffCode string
	Slot        int
	// ISBNs the kiosk scanner read as the books went into the bin.
	ISBNs []string
}

type Heartbeat struct {
	KioskID    string
	BinFillPct int
	Firmware   string
	ReportedAt time.Time
}

type KioskService interface {
	RecordDropoff(ctx context.Context, req DropoffRequest) (*domain.Dropoff, error)
	RecordHeartbeat(ctx context.Context, hb Heartbeat) error
}

// Grading.

type GradeRequest struct {
	LineID  string
	Grade   string
	StaffID string
	// Channel is "resale" for our shelves or "wholesale" to sell on.
	Channel      string
	WholesalerID string
}

type GradingService interface {
	GradeLine(ctx context.Context, req GradeRequest) (*domain.InventoryCopy, error)
}

type ListingService interface {
	Relist(ctx context.Context, copyID string) error
}

// Payouts and credit.

type PayoutService interface {
	Disburse(ctx context.Context, payoutID string) error
	IssueCredit(ctx context.Context, payoutID string) error
}

// Orders.

type OrderItem struct {
	ISBN     string
	Grade    string
	Quantity int
}

type PlaceOrder struct {
	BuyerID string
	Items   []OrderItem
}

type OrderService interface {
	Place(ctx context.Context, req PlaceOrder) (*domain.Order, error)
	Charge(ctx context.Context, orderID string) error
	StartFulfilment(ctx context.Context, orderID string) error
}

// Webhooks.

type StripeWebhookService interface {
	Handle(ctx context.Context, payload []byte, signature string) error
}

type WholesalerEvent struct {
	ID        string         `json:"id"`
	Type      string         `json:"type"`
	LotID     string         `json:"lot_id"`
	Received  int            `json:"received_count"`
	Rejected  int            `json:"rejected_count"`
	Regrades  []RegradeEntry `json:"regrades"`
	PaidCents int64          `json:"paid_cents"`
	At        time.Time      `json:"occurred_at"`
}

type RegradeEntry struct {
	CopyID     string `json:"external_ref"`
	NewGrade   string `json:"grade"`
	DeltaCents int64  `json:"price_delta_cents"`
}

type WholesalerWebhookService interface {
	Handle(ctx context.Context, evt WholesalerEvent) error
}

// Settlement.

type SettlementService interface {
	RunNightly(ctx context.Context, businessDate time.Time) error
	SchedulePickup(ctx context.Context, batchID string) error
	ApplyRegrade(ctx context.Context, taskID, lotID string, lines []RegradeEntry) error
}

// Notifications and outbox.

type Notifier interface {
	SendEmail(ctx context.Context, notificationID string) error
}

type OutboxRelay interface {
	RelayPending(ctx context.Context, limit int) (int, error)
}
