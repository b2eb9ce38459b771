// Package domain holds the row types shared by repositories and services.
package domain

import (
	"encoding/json"
	"time"

	"github.com/uptrace/bun"
)

type PayoutMethod string

const (
	PayoutDebitCard   PayoutMethod = "debit_card"
	PayoutStoreCredit PayoutMethod = "store_credit"
)

type Student struct {
	bun.BaseModel `bun:"table:students"`

	ID               string    `bun:"id,pk"`
	CampusID         string    `bun:"campus_id"`
	Email            string    `bun:"email"`
	Phone            string    `bun:"phone,nullzero"`
	StripeAccountID  string    `bun:"stripe_account_id,nullzero"`
	StripeCustomerID string    `bun:"stripe_customer_id,nullzero"`
	DefaultPMID      string    `bun:"default_pm_id,nullzero"`
	CreatedAt        time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type QuoteStatus string

const (
	QuoteOpen       QuoteStatus = "open"
	QuoteAccepted   QuoteStatus = "accepted"
	QuoteDroppedOff QuoteStatus = "dropped_off"
	QuoteExpired    QuoteStatus = "expired"
)

type Quote struct {
	bun.BaseModel `bun:"table:quotes"`

	ID              string       `bun:"id,pk"`
	StudentID       string       `bun:"student_id"`
	ClientRequestID string       `bun:"client_request_id"`
	Status          QuoteStatus  `bun:"status"`
	PayoutMethod    PayoutMethod `bun:"payout_method"`
	TotalCents      int64        `bun:"total_cents"`
	DropoffCode     string       `bun:"dropoff_code,nullzero"`
	ExpiresAt       time.Time    `bun:"expires_at"`
	AcceptedAt      *time.Time   `bun:"accepted_at"`
	CreatedAt       time.Time    `bun:"created_at,nullzero,notnull,default:current_timestamp"`

	Lines []*QuoteLine `bun:"rel:has-many,join:id=quote_id"`
}

type QuoteLine struct {
	bun.BaseModel `bun:"table:quote_lines"`

	ID           string    `bun:"id,pk"`
	QuoteID      string    `bun:"quote_id"`
	ISBN         string    `bun:"isbn"`
	OfferCents   int64     `bun:"offer_cents"`
	WholesalerID string    `bun:"wholesaler_id,nullzero"`
	CreatedAt    time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type WholesaleOffer struct {
	bun.BaseModel `bun:"table:wholesale_offers"`

	WholesalerID string    `bun:"wholesaler_id,pk"`
	ISBN         string    `bun:"isbn,pk"`
	OfferCents   int64     `bun:"offer_cents"`
	FetchedAt    time.Time `bun:"fetched_at"`
}

type KioskHeartbeat struct {
	bun.BaseModel `bun:"table:kiosk_heartbeats"`

	ID         string    `bun:"id,pk"`
	KioskID    string    `bun:"kiosk_id"`
	BinFillPct int       `bun:"bin_fill_pct"`
	Firmware   string    `bun:"firmware"`
	ReportedAt time.Time `bun:"reported_at"`
}

type Dropoff struct {
	bun.BaseModel `bun:"table:dropoffs"`

	ID           string    `bun:"id,pk"`
	QuoteID      string    `bun:"quote_id"`
	KioskID      string    `bun:"kiosk_id"`
	KioskEventID string    `bun:"kiosk_event_id"`
	Slot         int       `bun:"slot"`
	Status       string    `bun:"status"`
	ReceivedAt   time.Time `bun:"received_at,nullzero,notnull,default:current_timestamp"`
}

type DropoffLine struct {
	bun.BaseModel `bun:"table:dropoff_lines"`

	ID          string     `bun:"id,pk"`
	DropoffID   string     `bun:"dropoff_id"`
	QuoteLineID string     `bun:"quote_line_id"`
	ISBN        string     `bun:"isbn"`
	OfferCents  int64      `bun:"offer_cents"`
	Grade       string     `bun:"grade,nullzero"`
	PaidCents   *int64     `bun:"paid_cents"`
	GradedBy    string     `bun:"graded_by,nullzero"`
	GradedAt    *time.Time `bun:"graded_at"`
}

type PayoutStatus string

const (
	PayoutPending   PayoutStatus = "pending"
	PayoutReady     PayoutStatus = "ready"
	PayoutInTransit PayoutStatus = "in_transit"
	PayoutPaid      PayoutStatus = "paid"
	PayoutFailed    PayoutStatus = "failed"
)

type Payout struct {
	bun.BaseModel `bun:"table:payouts"`

	ID               string       `bun:"id,pk"`
	StudentID        string       `bun:"student_id"`
	DropoffID        string       `bun:"dropoff_id"`
	Method           PayoutMethod `bun:"method"`
	AmountCents      int64        `bun:"amount_cents"`
	Status           PayoutStatus `bun:"status"`
	StripeTransferID string       `bun:"stripe_transfer_id,nullzero"`
	StripePayoutID   string       `bun:"stripe_payout_id,nullzero"`
	FailureReason    string       `bun:"failure_reason,nullzero"`
	CreatedAt        time.Time    `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt        time.Time    `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type PayoutAttempt struct {
	bun.BaseModel `bun:"table:payout_attempts"`

	ID        string    `bun:"id,pk"`
	PayoutID  string    `bun:"payout_id"`
	Attempt   int       `bun:"attempt"`
	Step      string    `bun:"step"`
	Error     string    `bun:"error,nullzero"`
	StartedAt time.Time `bun:"started_at,nullzero,notnull,default:current_timestamp"`
}

type CreditEntry struct {
	bun.BaseModel `bun:"table:credit_ledger"`

	ID          string    `bun:"id,pk"`
	StudentID   string    `bun:"student_id"`
	AmountCents int64     `bun:"amount_cents"`
	Reason      string    `bun:"reason"`
	SourceRef   string    `bun:"source_ref,nullzero"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type CopyStatus string

const (
	CopyGraded           CopyStatus = "graded"
	CopyListed           CopyStatus = "listed"
	CopyReserved         CopyStatus = "reserved"
	CopySold             CopyStatus = "sold"
	CopyWholesalePending CopyStatus = "wholesale_pending"
	CopyWholesaleSettled CopyStatus = "wholesale_settled"
)

type InventoryCopy struct {
	bun.BaseModel `bun:"table:inventory_copies"`

	ID                  string     `bun:"id,pk"`
	DropoffLineID       string     `bun:"dropoff_line_id"`
	ISBN                string     `bun:"isbn"`
	Grade               string     `bun:"grade"`
	Status              CopyStatus `bun:"status"`
	Channel             string     `bun:"channel"`
	WholesalerID        string     `bun:"wholesaler_id,nullzero"`
	WholesalePriceCents int64      `bun:"wholesale_price_cents"`
	OrderID             string     `bun:"order_id,nullzero"`
	SettlementBatchID   string     `bun:"settlement_batch_id,nullzero"`
	CreatedAt           time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt           time.Time  `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type Listing struct {
	bun.BaseModel `bun:"table:listings"`

	ID         string    `bun:"id,pk"`
	CopyID     string    `bun:"copy_id"`
	ISBN       string    `bun:"isbn"`
	Grade      string    `bun:"grade"`
	PriceCents int64     `bun:"price_cents"`
	Active     bool      `bun:"active"`
	ListedAt   time.Time `bun:"listed_at,nullzero,notnull,default:current_timestamp"`
}

type OrderStatus string

const (
	OrderPlaced    OrderStatus = "placed"
	OrderPaid      OrderStatus = "paid"
	OrderPicking   OrderStatus = "picking"
	OrderCancelled OrderStatus = "cancelled"
)

type Order struct {
	bun.BaseModel `bun:"table:orders"`

	ID              string      `bun:"id,pk"`
	BuyerID         string      `bun:"buyer_id"`
	Status          OrderStatus `bun:"status"`
	TotalCents      int64       `bun:"total_cents"`
	PaymentIntentID string      `bun:"payment_intent_id,nullzero"`
	PlacedAt        time.Time   `bun:"placed_at,nullzero,notnull,default:current_timestamp"`
	PaidAt          *time.Time  `bun:"paid_at"`

	Lines []*OrderLine `bun:"rel:has-many,join:id=order_id"`
}

type OrderLine struct {
	bun.BaseModel `bun:"table:order_lines"`

	ID         string `bun:"id,pk"`
	OrderID    string `bun:"order_id"`
	CopyID     string `bun:"copy_id"`
	PriceCents int64  `bun:"price_cents"`
}

type PickTicket struct {
	bun.BaseModel `bun:"table:pick_tickets"`

	ID        string    `bun:"id,pk"`
	OrderID   string    `bun:"order_id"`
	ShelfPath string    `bun:"shelf_path"`
	LineCount int       `bun:"line_count"`
	Printed   bool      `bun:"printed"`
	CreatedAt time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type OutboxTask struct {
	bun.BaseModel `bun:"table:outbox_tasks"`

	ID        string          `bun:"id,pk"`
	TaskType  string          `bun:"task_type"`
	Payload   json.RawMessage `bun:"payload,type:jsonb"`
	Queue     string          `bun:"queue"`
	RelayedAt *time.Time      `bun:"relayed_at"`
	CreatedAt time.Time       `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type Notification struct {
	bun.BaseModel `bun:"table:notifications"`

	ID         string            `bun:"id,pk"`
	StudentID  string            `bun:"student_id"`
	Template   string            `bun:"template"`
	Vars       map[string]string `bun:"vars,type:jsonb"`
	Status     string            `bun:"status"`
	ProviderID string            `bun:"provider_id,nullzero"`
	SentAt     *time.Time        `bun:"sent_at"`
	CreatedAt  time.Time         `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type Wholesaler struct {
	bun.BaseModel `bun:"table:wholesalers"`

	ID        string `bun:"id,pk"`
	Name      string `bun:"name"`
	PartnerID string `bun:"partner_id"`
	Active    bool   `bun:"active"`
}

type BatchStatus string

const (
	BatchOpen      BatchStatus = "open"
	BatchSubmitted BatchStatus = "submitted"
	BatchPaid      BatchStatus = "paid"
)

type SettlementBatch struct {
	bun.BaseModel `bun:"table:settlement_batches"`

	ID           string      `bun:"id,pk"`
	WholesalerID string      `bun:"wholesaler_id"`
	BusinessDate time.Time   `bun:"business_date,type:date"`
	Status       BatchStatus `bun:"status"`
	PartnerLotID string      `bun:"partner_lot_id,nullzero"`
	InvoiceID    string      `bun:"invoice_id,nullzero"`
	PickupRef    string      `bun:"pickup_ref,nullzero"`
	CopyCount    int         `bun:"copy_count"`
	TotalCents   int64       `bun:"total_cents"`
	PaidAt       *time.Time  `bun:"paid_at"`
	CreatedAt    time.Time   `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt    time.Time   `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type WholesaleReceipt struct {
	bun.BaseModel `bun:"table:wholesale_receipts"`

	PartnerLotID  string    `bun:"partner_lot_id,pk"`
	BatchID       string    `bun:"batch_id,nullzero"`
	ReceivedCount int       `bun:"received_count"`
	RejectedCount int       `bun:"rejected_count"`
	ReceivedAt    time.Time `bun:"received_at"`
}
