package payments

import (
	"crypto/rand"
	"time"

	"github.com/oklog/ulid/v2"
)

// IntentRequest describes a PaymentIntent to create.
type IntentRequest struct {
	Amount         int64
	Currency       string
	Customer       string
	PaymentMethod  string
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

// IntentOption customises an IntentRequest.
type IntentOption func(*IntentRequest)

// NewIntent builds an IntentRequest for amount in the smallest currency unit.
func NewIntent(amount int64, currency string, opts ...IntentOption) IntentRequest {
	req := IntentRequest{Amount: amount, Currency: currency, Metadata: map[string]string{}}
	for _, opt := range opts {
		opt(&req)
	}
	return req
}

// ForCustomer charges the customer's saved payment method.
func ForCustomer(customer, paymentMethod string) IntentOption {
	return func(r *IntentRequest) {
		r.Customer = customer
		r.PaymentMethod = paymentMethod
	}
}

// Described sets the statement description.
func Described(desc string) IntentOption {
	return func(r *IntentRequest) { r.Description = desc }
}

// Tagged adds a metadata entry.
func Tagged(key, value string) IntentOption {
	return func(r *IntentRequest) { r.Metadata[key] = value }
}

// IdempotentOn sets the Stripe idempotency key for the create call.
func IdempotentOn(key string) IntentOption {
	return func(r *IntentRequest) { r.IdempotencyKey = key }
}

// AutoKey gives the request a unique idempotency key so that Stripe's
// internal network retries for this call collapse into one intent.
func AutoKey() IntentOption {
	return func(r *IntentRequest) {
		r.IdempotencyKey = "pi_" + ulid.MustNew(ulid.Timestamp(time.Now()), rand.Reader).String()
	}
}
