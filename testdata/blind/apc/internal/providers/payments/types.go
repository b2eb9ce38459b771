package payments

import (
	"fmt"
	"net/http"
	"time"
)

// ChargeRequest charges a tokenised card.
type ChargeRequest struct {
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	CardToken   string            `json:"source"`
	Description string            `json:"description,omitempty"`
	ReceiptMail string            `json:"receipt_email,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`
}

// DirectDebitRequest collects money from a bank account under an existing
// mandate (SEPA Core / Bacs).
type DirectDebitRequest struct {
	MandateID   string            `json:"mandate"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Reference   string            `json:"statement_descriptor"`
	Metadata    map[string]string `json:"metadata,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`
}

// RefundRequest returns money for a payment.
type RefundRequest struct {
	PaymentID   string `json:"payment"`
	AmountCents int64  `json:"amount"`
	Reason      string `json:"reason,omitempty"`

	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`
}

// Payment is the provider's view of a charge or debit.
type Payment struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"` // pending, succeeded, failed
	AmountCents int64     `json:"amount"`
	Currency    string    `json:"currency"`
	FailureCode string    `json:"failure_code,omitempty"`
	FailureMsg  string    `json:"failure_message,omitempty"`
	Created     time.Time `json:"created"`
}

// Refund is the provider's view of a refund.
type Refund struct {
	ID        string `json:"id"`
	PaymentID string `json:"payment"`
	Status    string `json:"status"`
	Amount    int64  `json:"amount"`
}

// WebhookEvent is the body the provider POSTs to our webhook endpoint.
type WebhookEvent struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"`
	Created time.Time `json:"created"`
	Data    struct {
		PaymentID   string `json:"payment_id"`
		Status      string `json:"status"`
		FailureCode string `json:"failure_code,omitempty"`
	} `json:"data"`
}

// APIError is a non-2xx answer from the provider.
type APIError struct {
	StatusCode int    `json:"-"`
	Code       string `json:"code"`
	Message    string `json:"message"`
	RequestID  string `json:"request_id"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("payments: %d %s: %s (request %s)", e.StatusCode, e.Code, e.Message, e.RequestID)
}

// Retryable reports whether the same request may be sent again.
func (e *APIError) Retryable() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}
