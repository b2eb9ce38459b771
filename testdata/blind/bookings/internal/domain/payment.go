package domain

import "time"

// Payment statuses.
const (
	PaymentPending    = "pending"
	PaymentRequiresPM = "requires_confirmation"
	PaymentAuthorized = "authorized"
	PaymentCapturing  = "capturing"
	PaymentCaptured   = "captured"
	PaymentFailed     = "failed"
)

// Payment tracks one Stripe PaymentIntent. Its ID is our operation id and
// doubles as the Stripe idempotency key material.
type Payment struct {
	ID                    string `gorm:"primaryKey;type:uuid"`
	BookingID             string `gorm:"type:uuid"`
	StripePaymentIntentID *string
	AmountCents           int64
	Currency              string
	Status                string
	ClientSecret          string
	CreatedAt             time.Time
	UpdatedAt             time.Time
	CapturedAt            *time.Time
}

// Refund statuses.
const (
	RefundPending   = "pending"
	RefundSucceeded = "succeeded"
	RefundFailed    = "failed"
)

// Refund is one refund against a payment.
type Refund struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	BookingID      string `gorm:"type:uuid"`
	PaymentID      string `gorm:"type:uuid"`
	AmountCents    int64
	Reason         string
	StripeRefundID *string
	Status         string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}
