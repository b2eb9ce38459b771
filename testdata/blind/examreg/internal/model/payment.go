package model

import "time"

// Payment statuses.
const (
	PayRequiresPayment = "requires_payment"
	PaySucceeded       = "succeeded"
	PayRefunded        = "refunded"
	PayFailed          = "failed"
)

// Payment is the exam fee for one registration.
type Payment struct {
	RegistrationID string `gorm:"type:uuid;primaryKey"`
	IntentID       string
	AmountMinor    int64
	Currency       string
	Status         string
	ClientSecret   string
	ReceiptNumber  *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (Payment) TableName() string { return "payments" }

// PaymentAttempt is an append-only trail of fee attempts.
type PaymentAttempt struct {
	ID             string `gorm:"type:uuid;primaryKey"`
	RegistrationID string
	IntentID       *string
	Outcome        string
	ErrorCode      *string
	CreatedAt      time.Time
}

func (PaymentAttempt) TableName() string { return "payment_attempts" }

// Refund records money returned to a candidate.
type Refund struct {
	ID             string `gorm:"type:uuid;primaryKey"`
	RegistrationID string
	StripeRefundID string
	AmountMinor    int64
	Reason         string
	CreatedAt      time.Time
}

func (Refund) TableName() string { return "refunds" }

// RefundRequest statuses.
const (
	RefundPending = "pending"
	RefundDone    = "done"
	RefundFailed  = "failed"
)

// RefundRequest is a queued refund owed after a session cancellation.
type RefundRequest struct {
	ID             string `gorm:"type:uuid;primaryKey"`
	RegistrationID string
	AmountMinor    int64
	Currency       string
	Reason         string
	Status         string
	StripeRefundID *string
	Attempts       int
	LastError      *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (RefundRequest) TableName() string { return "refund_requests" }
