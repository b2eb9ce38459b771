package domain

import "time"

// Payment methods.
const (
	MethodCard = "CARD"
	MethodACH  = "ACH"
)

// Payment statuses.
const (
	PaymentPending   = "PENDING"
	PaymentSubmitted = "SUBMITTED"
	PaymentSucceeded = "SUCCEEDED"
	PaymentFailed    = "FAILED"
	PaymentReturned  = "RETURNED"
	PaymentRefunded  = "REFUNDED"
)

// Payment is a customer payment against an invoice.
type Payment struct {
	ID             string    `json:"id"`
	InvoiceID      string    `json:"invoice_id"`
	CustomerID     string    `json:"customer_id"`
	Method         string    `json:"method"`
	AmountCents    int64     `json:"amount_cents"`
	Status         string    `json:"status"`
	ProviderRef    string    `json:"provider_ref,omitempty"`
	IdempotencyKey string    `json:"-"`
	FailureReason  string    `json:"failure_reason,omitempty"`
	CreatedAt      time.Time `json:"created_at"`
}

// Refund returns a card payment to the customer.
type Refund struct {
	ID          string `json:"id"`
	PaymentID   string `json:"payment_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	Status      string `json:"status"`
	ProviderRef string `json:"provider_ref,omitempty"`
}
