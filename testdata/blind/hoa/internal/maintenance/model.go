// Package maintenance takes owner and staff maintenance requests, dispatches
// them to contractors through the TradeLink vendor network, records vendor
// quotes and closes requests out into vendor payouts.
package maintenance

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/provider/tradelink"
)

// Request statuses.
const (
	StatusSubmitted  = "submitted"
	StatusDispatched = "dispatched"
	StatusInProgress = "in_progress"
	StatusCompleted  = "completed"
	StatusCancelled  = "cancelled"
)

// PriorityEmergency requests are dispatched to the on-call vendor without
// waiting for a manager.
const PriorityEmergency = "emergency"

// Request is a maintenance request.
type Request struct {
	ID            uuid.UUID  `db:"id" json:"id"`
	AssociationID uuid.UUID  `db:"association_id" json:"association_id"`
	AccountID     *uuid.UUID `db:"account_id" json:"account_id,omitempty"`
	RequestKey    string     `db:"request_key" json:"-"`
	PublicRef     string     `db:"public_ref" json:"public_ref"`
	Category      string     `db:"category" json:"category"`
	Priority      string     `db:"priority" json:"priority"`
	Description   string     `db:"description" json:"description"`
	Location      string     `db:"location" json:"location"`
	Status        string     `db:"status" json:"status"`
	VendorID      *uuid.UUID `db:"vendor_id" json:"vendor_id,omitempty"`
	WorkOrderRef  *string    `db:"work_order_ref" json:"work_order_ref,omitempty"`
	CompletedAt   *time.Time `db:"completed_at" json:"completed_at,omitempty"`
	CreatedAt     time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt     time.Time  `db:"updated_at" json:"updated_at"`
}

// Vendor is a contractor on the association's TradeLink roster.
type Vendor struct {
	ID               uuid.UUID `db:"id"`
	AssociationID    uuid.UUID `db:"association_id"`
	NetworkVendorID  string    `db:"network_vendor_id"`
	Name             string    `db:"name"`
	Trade            string    `db:"trade"`
	OnCall           bool      `db:"on_call"`
	PayoutAccountRef *string   `db:"payout_account_ref"`
}

// Quote is a vendor's price for a request.
type Quote struct {
	ID             uuid.UUID `db:"id" json:"id"`
	RequestID      uuid.UUID `db:"maintenance_request_id" json:"request_id"`
	VendorID       uuid.UUID `db:"vendor_id" json:"vendor_id"`
	NetworkQuoteID string    `db:"network_quote_id" json:"network_quote_id"`
	AmountCents    int64     `db:"amount_cents" json:"amount_cents"`
	Notes          string    `db:"notes" json:"notes"`
	Status         string    `db:"status" json:"status"`
}

// Payout is money owed to a vendor for a completed request.
type Payout struct {
	ID          uuid.UUID  `db:"id"`
	RequestID   uuid.UUID  `db:"maintenance_request_id"`
	VendorID    uuid.UUID  `db:"vendor_id"`
	AmountCents int64      `db:"amount_cents"`
	Status      string     `db:"status"`
	TransferRef *string    `db:"transfer_ref"`
	PaidAt      *time.Time `db:"paid_at"`
}

// RequestStore persists maintenance requests.
type RequestStore interface {
	Upsert(ctx context.Context, r Request) (Request, bool, error)
	Get(ctx context.Context, id uuid.UUID) (Request, error)
	GetByWorkOrder(ctx context.Context, workOrderRef string) (Request, error)
	MarkDispatched(ctx context.Context, id, vendorID uuid.UUID, workOrderRef string) (bool, error)
	UpdateStatusByWorkOrder(ctx context.Context, workOrderRef, status string) (bool, error)
	MarkCompleted(ctx context.Context, workOrderRef string, at time.Time) (Request, error)
}

// VendorStore reads the vendor roster.
type VendorStore interface {
	Get(ctx context.Context, id uuid.UUID) (Vendor, error)
	GetByNetworkID(ctx context.Context, associationID uuid.UUID, networkID string) (Vendor, error)
	OnCallFor(ctx context.Context, associationID uuid.UUID, trade string) (Vendor, error)
}

// QuoteStore persists vendor quotes.
type QuoteStore interface {
	Insert(ctx context.Context, q Quote) error
}

// PayoutStore persists vendor payouts.
type PayoutStore interface {
	Upsert(ctx context.Context, p Payout) (Payout, error)
}

// Inbox records consumed messages.
type Inbox interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// Network is the subset of TradeLink used here.
type Network interface {
	CreateWorkOrder(ctx context.Context, req tradelink.WorkOrderRequest) (tradelink.WorkOrder, error)
}

// Publisher publishes integration events.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...events.Option) error
}

// Enqueuer schedules background tasks.
type Enqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) (*asynq.TaskInfo, error)
}
