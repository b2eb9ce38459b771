// Package model holds the persisted entities of the platform.
package model

import "time"

// Order statuses.
const (
	OrderPendingPayment  = "pending_payment"
	OrderAuthorised      = "authorised"
	OrderCapturing       = "capturing"
	OrderPaid            = "paid"
	OrderFulfilled       = "fulfilled"
	OrderCancelling      = "cancelling"
	OrderCancelled       = "cancelled"
	OrderPaymentFailed   = "payment_failed"
	OrderRefundRequested = "refund_requested"
	OrderRefunded        = "refunded"
)

// eSIM profile statuses.
const (
	EsimReserving = "reserving"
	EsimReserved  = "reserved"
	EsimInstalled = "installed"
	EsimSuspended = "suspended"
	EsimExpired   = "expired"
	EsimDeleted   = "deleted"
)

// Top-up statuses.
const (
	TopUpPending  = "pending"
	TopUpCharged  = "charged"
	TopUpApplying = "applying"
	TopUpApplied  = "applied"
	TopUpFailed   = "failed"
)

// Refund statuses.
const (
	RefundRequested  = "requested"
	RefundSubmitting = "submitting"
	RefundSubmitted  = "submitted"
	RefundSucceeded  = "succeeded"
	RefundFailed     = "failed"
)

type Customer struct {
	ID        string
	Email     string
	PhoneE164 string
	PushToken *string
	Locale    string
	CreatedAt time.Time
}

type Reseller struct {
	ID            string
	Code          string
	Name          string
	CommissionBps int32
	BalanceMinor  int64
	Currency      string
	CreatedAt     time.Time
}

type Plan struct {
	SKU          string
	Carrier      string
	Name         string
	Region       string
	DataBytes    int64
	ValidityDays int32
	PriceMinor   int64
	Currency     string
	Active       bool
}

type Order struct {
	ID              string
	CustomerID      string
	ResellerID      *string
	PlanSKU         string
	Carrier         string
	AmountMinor     int64
	Currency        string
	Status          string
	PromoCode       *string
	PaymentMethodID *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

type PaymentAttempt struct {
	ID           string
	OrderID      string
	Kind         string
	PSPReference *string
	Status       string
	AmountMinor  int64
	Currency     string
	CreatedAt    time.Time
}

type PaymentEvent struct {
	PSPReference string
	EventCode    string
	OrderID      string
	Success      bool
	AmountMinor  int64
	Currency     string
	Reason       string
	ReceivedAt   time.Time
}

type Esim struct {
	ID             string
	OrderID        string
	CustomerID     string
	Carrier        string
	PlanSKU        string
	ICCID          *string
	ActivationCode *string
	Status         string
	DataLimitBytes int64
	UsedBytes      int64
	ReissueCount   int32
	InstalledAt    *time.Time
	ExpiresAt      *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

type TopUp struct {
	ID           string
	EsimID       string
	CustomerID   string
	BundleCode   string
	DataBytes    int64
	AmountMinor  int64
	Currency     string
	Status       string
	PSPReference *string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

type Refund struct {
	ID           string
	OrderID      string
	AmountMinor  int64
	Currency     string
	Reason       string
	Status       string
	PSPReference *string
	RequestedBy  string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

type UsageReport struct {
	ReportID   string
	EsimID     string
	Bytes      int64
	ReceivedAt time.Time
}

type UsageRecord struct {
	ID          string
	EsimID      string
	WindowStart time.Time
	WindowEnd   time.Time
	Bytes       int64
	Source      string
	CreatedAt   time.Time
}

type AlertSetting struct {
	EsimID  string
	Percent int32
	Channel string
}

type AlertSent struct {
	EsimID  string
	Percent int32
	Channel string
	SentAt  time.Time
}

type Notification struct {
	ID        string
	Kind      string
	SubjectID string
	Channel   string
	Status    string
	CreatedAt time.Time
	SentAt    *time.Time
}

type LedgerEntry struct {
	ID           string
	ResellerID   string
	OrderID      *string
	EntryType    string
	AmountMinor  int64
	Currency     string
	SettlementID *string
	CreatedAt    time.Time
}

type Settlement struct {
	ID         string
	ResellerID string
	PeriodEnd  time.Time
	TotalMinor int64
	Currency   string
	Status     string
	CreatedAt  time.Time
}

type PromoCode struct {
	Code        string
	DiscountBps int32
	Remaining   int32
}

type PromoRedemption struct {
	OrderID   string
	Code      string
	CreatedAt time.Time
}
