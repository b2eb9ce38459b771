// Package domain holds the washclub entities shared by services and storage.
package domain

import (
	"database/sql"
	"time"

	"github.com/google/uuid"
)

// Customer is an app user. CardToken is the processor's vaulted card.
type Customer struct {
	ID        uuid.UUID      `db:"id" json:"id"`
	Email     string         `db:"email" json:"email"`
	Phone     sql.NullString `db:"phone" json:"-"`
	FullName  string         `db:"full_name" json:"full_name"`
	CardToken sql.NullString `db:"card_token" json:"-"`
	CreatedAt time.Time      `db:"created_at" json:"created_at"`
}

// SubscriptionStatus is the lifecycle state of a membership.
type SubscriptionStatus string

const (
	SubscriptionActive    SubscriptionStatus = "active"
	SubscriptionPastDue   SubscriptionStatus = "past_due"
	SubscriptionCancelled SubscriptionStatus = "cancelled"
)

// Subscription is a monthly unlimited-wash membership for one vehicle.
type Subscription struct {
	ID                 uuid.UUID          `db:"id" json:"id"`
	CustomerID         uuid.UUID          `db:"customer_id" json:"customer_id"`
	PlanCode           string             `db:"plan_code" json:"plan_code"`
	VehiclePlate       string             `db:"vehicle_plate" json:"vehicle_plate"`
	Status             SubscriptionStatus `db:"status" json:"status"`
	PriceCents         int64              `db:"price_cents" json:"price_cents"`
	CurrentPeriodStart time.Time          `db:"current_period_start" json:"current_period_start"`
	CurrentPeriodEnd   time.Time          `db:"current_period_end" json:"current_period_end"`
	CancelledAt        sql.NullTime       `db:"cancelled_at" json:"-"`
	CreatedAt          time.Time          `db:"created_at" json:"created_at"`
}

// ChargeStatus is the state of one subscription billing attempt.
type ChargeStatus string

const (
	ChargePending    ChargeStatus = "pending"
	ChargeProcessing ChargeStatus = "processing"
	ChargeSucceeded  ChargeStatus = "succeeded"
	ChargeFailed     ChargeStatus = "failed"
	ChargeVoid       ChargeStatus = "void"
)

// SubscriptionCharge is the bill for one subscription period.
type SubscriptionCharge struct {
	ID                uuid.UUID      `db:"id"`
	SubscriptionID    uuid.UUID      `db:"subscription_id"`
	PeriodStart       time.Time      `db:"period_start"`
	PeriodEnd         time.Time      `db:"period_end"`
	AmountCents       int64          `db:"amount_cents"`
	Status            ChargeStatus   `db:"status"`
	ProcessorChargeID sql.NullString `db:"processor_charge_id"`
	FailureReason     sql.NullString `db:"failure_reason"`
	CreatedAt         time.Time      `db:"created_at"`
}

// IdempotencyRecord is a claimed client Idempotency-Key.
type IdempotencyRecord struct {
	Scope      string        `db:"scope"`
	Key        string        `db:"key"`
	OwnerID    uuid.UUID     `db:"owner_id"`
	ResourceID uuid.NullUUID `db:"resource_id"`
	CreatedAt  time.Time     `db:"created_at"`
}

// WashSource says how a wash was paid for.
type WashSource string

const (
	SourceMember WashSource = "member"
	SourceKiosk  WashSource = "kiosk"
	SourceFleet  WashSource = "fleet"
	SourceRewash WashSource = "rewash"
)

// WashStatus is the lifecycle state of a wash.
type WashStatus string

const (
	WashPaid            WashStatus = "paid"
	WashDispatched      WashStatus = "dispatched"
	WashRunning         WashStatus = "running"
	WashCompleted       WashStatus = "completed"
	WashFailed          WashStatus = "failed"
	WashRewashed        WashStatus = "rewashed"
	WashRefundRequested WashStatus = "refund_requested"
	WashRefunded        WashStatus = "refunded"
)

// Wash is one wash performed (or sold) on a bay.
type Wash struct {
	ID                uuid.UUID      `db:"id" json:"id"`
	SiteID            string         `db:"site_id" json:"site_id"`
	BayID             string         `db:"bay_id" json:"bay_id"`
	Source            WashSource     `db:"source" json:"source"`
	Program           string         `db:"program" json:"program"`
	AmountCents       int64          `db:"amount_cents" json:"amount_cents"`
	CustomerID        uuid.NullUUID  `db:"customer_id" json:"-"`
	SubscriptionID    uuid.NullUUID  `db:"subscription_id" json:"-"`
	FleetAccountID    uuid.NullUUID  `db:"fleet_account_id" json:"-"`
	VehiclePlate      sql.NullString `db:"vehicle_plate" json:"-"`
	KioskID           sql.NullString `db:"kiosk_id" json:"-"`
	KioskTxnID        sql.NullString `db:"kiosk_txn_id" json:"-"`
	ProcessorChargeID sql.NullString `db:"processor_charge_id" json:"-"`
	ControllerCycleID sql.NullString `db:"controller_cycle_id" json:"-"`
	RewashOf          uuid.NullUUID  `db:"rewash_of" json:"-"`
	FleetInvoiceID    uuid.NullUUID  `db:"fleet_invoice_id" json:"-"`
	Status            WashStatus     `db:"status" json:"status"`
	FailureReason     sql.NullString `db:"failure_reason" json:"-"`
	CreatedAt         time.Time      `db:"created_at" json:"created_at"`
}

// CycleReport is the controller's telemetry for a finished cycle.
type CycleReport struct {
	ControllerCycleID string         `db:"controller_cycle_id"`
	WashID            uuid.UUID      `db:"wash_id"`
	SiteID            string         `db:"site_id"`
	BayID             string         `db:"bay_id"`
	Outcome           string         `db:"outcome"`
	DurationSeconds   int            `db:"duration_seconds"`
	WaterLitres       float64        `db:"water_litres"`
	ErrorCode         sql.NullString `db:"error_code"`
	ReportedAt        time.Time      `db:"reported_at"`
}

// ActivationStatus is the state of a member bay activation.
type ActivationStatus string

const (
	ActivationPending ActivationStatus = "pending"
	ActivationStarted ActivationStatus = "started"
	ActivationFailed  ActivationStatus = "failed"
	ActivationExpired ActivationStatus = "expired"
)

// Activation is a member's request to start a bay from the app.
type Activation struct {
	ID                uuid.UUID        `db:"id" json:"id"`
	RequestID         string           `db:"request_id" json:"request_id"`
	CustomerID        uuid.UUID        `db:"customer_id" json:"customer_id"`
	SubscriptionID    uuid.UUID        `db:"subscription_id" json:"subscription_id"`
	SiteID            string           `db:"site_id" json:"site_id"`
	BayID             string           `db:"bay_id" json:"bay_id"`
	Program           string           `db:"program" json:"program"`
	Status            ActivationStatus `db:"status" json:"status"`
	ControllerCycleID sql.NullString   `db:"controller_cycle_id" json:"-"`
	CreatedAt         time.Time        `db:"created_at" json:"created_at"`
}

// LedgerReason classifies a loyalty ledger entry.
type LedgerReason string

const (
	LedgerEarn     LedgerReason = "earn"
	LedgerRedeem   LedgerReason = "redeem"
	LedgerClawback LedgerReason = "clawback"
	LedgerAdjust   LedgerReason = "adjust"
)

// LedgerEntry is one movement of loyalty points.
type LedgerEntry struct {
	ID         uuid.UUID      `db:"id"`
	CustomerID uuid.UUID      `db:"customer_id"`
	WashID     uuid.NullUUID  `db:"wash_id"`
	Reason     LedgerReason   `db:"reason"`
	Points     int64          `db:"points"`
	Reference  sql.NullString `db:"reference"`
	CreatedAt  time.Time      `db:"created_at"`
}

// LoyaltyAccount is a customer's points balance.
type LoyaltyAccount struct {
	CustomerID     uuid.UUID `db:"customer_id" json:"customer_id"`
	Balance        int64     `db:"balance" json:"balance"`
	LifetimePoints int64     `db:"lifetime_points" json:"lifetime_points"`
	Visits         int       `db:"visits" json:"visits"`
}

// WashCredit is a prepaid or reward wash the customer can use later.
type WashCredit struct {
	ID             uuid.UUID     `db:"id" json:"id"`
	CustomerID     uuid.UUID     `db:"customer_id" json:"customer_id"`
	Source         string        `db:"source" json:"source"`
	Program        string        `db:"program" json:"program"`
	PackPurchaseID uuid.NullUUID `db:"pack_purchase_id" json:"-"`
	ExpiresAt      time.Time     `db:"expires_at" json:"expires_at"`
	CreatedAt      time.Time     `db:"created_at" json:"created_at"`
}

// PackPurchase is a bundle of prepaid washes bought in the app.
type PackPurchase struct {
	ID                uuid.UUID `db:"id" json:"id"`
	CustomerID        uuid.UUID `db:"customer_id" json:"customer_id"`
	PackCode          string    `db:"pack_code" json:"pack_code"`
	Washes            int       `db:"washes" json:"washes"`
	AmountCents       int64     `db:"amount_cents" json:"amount_cents"`
	ProcessorChargeID string    `db:"processor_charge_id" json:"-"`
	CreatedAt         time.Time `db:"created_at" json:"created_at"`
}

// RefundStatus is the state of a refund.
type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

// Refund returns the price of a failed kiosk wash to the card.
type Refund struct {
	ID                uuid.UUID      `db:"id" json:"id"`
	WashID            uuid.UUID      `db:"wash_id" json:"wash_id"`
	ProcessorChargeID string         `db:"processor_charge_id" json:"-"`
	AmountCents       int64          `db:"amount_cents" json:"amount_cents"`
	Reason            string         `db:"reason" json:"reason"`
	Status            RefundStatus   `db:"status" json:"status"`
	ProcessorRefundID sql.NullString `db:"processor_refund_id" json:"-"`
	RequestedBy       string         `db:"requested_by" json:"requested_by"`
	CreatedAt         time.Time      `db:"created_at" json:"created_at"`
}

// FleetAccount is a business customer whose vehicles wash on account.
type FleetAccount struct {
	ID           uuid.UUID      `db:"id" json:"id"`
	Code         string         `db:"code" json:"code"`
	CompanyName  string         `db:"company_name" json:"company_name"`
	BillingEmail string         `db:"billing_email" json:"billing_email"`
	ContactPhone sql.NullString `db:"contact_phone" json:"-"`
	CardToken    sql.NullString `db:"card_token" json:"-"`
	Autopay      bool           `db:"autopay" json:"autopay"`
	PriceCents   int64          `db:"price_cents" json:"price_cents"`
	Active       bool           `db:"active" json:"active"`
	CreatedAt    time.Time      `db:"created_at" json:"created_at"`
}

// InvoiceStatus is the state of a monthly fleet invoice.
type InvoiceStatus string

const (
	InvoiceOpen          InvoiceStatus = "open"
	InvoicePaid          InvoiceStatus = "paid"
	InvoicePaymentFailed InvoiceStatus = "payment_failed"
	InvoiceVoid          InvoiceStatus = "void"
)

// FleetInvoice bills a fleet account for one calendar month of washes.
type FleetInvoice struct {
	ID                uuid.UUID      `db:"id" json:"id"`
	AccountID         uuid.UUID      `db:"account_id" json:"account_id"`
	Period            string         `db:"period" json:"period"`
	Status            InvoiceStatus  `db:"status" json:"status"`
	WashCount         int            `db:"wash_count" json:"wash_count"`
	TotalCents        int64          `db:"total_cents" json:"total_cents"`
	ProcessorChargeID sql.NullString `db:"processor_charge_id" json:"-"`
	DueAt             time.Time      `db:"due_at" json:"due_at"`
	PaidAt            sql.NullTime   `db:"paid_at" json:"-"`
	CreatedAt         time.Time      `db:"created_at" json:"created_at"`
}
