// Package payments is the Stripe adapter used to collect and refund
// ancillary payments.
package payments

import (
	"context"
	"errors"
)

// Intent is the subset of a Stripe PaymentIntent the service relies on.
type Intent struct {
	ID             string
	Status         string
	ClientSecret   string
	AmountReceived int64
}

// Succeeded reports whether the intent has been paid.
func (i Intent) Succeeded() bool { return i.Status == "succeeded" }

// RefundResult is the subset of a Stripe Refund the service relies on.
type RefundResult struct {
	ID     string
	Status string
}

// Gateway collects and refunds payments.
type Gateway interface {
	// CreateIntent creates a PaymentIntent that the customer confirms
	// client-side.
	CreateIntent(ctx context.Context, req IntentRequest) (Intent, error)
	// Charge creates and confirms a PaymentIntent off-session against the
	// customer's saved payment method.
	Charge(ctx context.Context, req IntentRequest) (Intent, error)
	Confirm(ctx context.Context, paymentIntentID, paymentMethod, idempotencyKey string) (Intent, error)
	Cancel(ctx context.Context, paymentIntentID, idempotencyKey string) (Intent, error)
	Refund(ctx context.Context, req RefundRequest) (RefundResult, error)
}

// ErrCardDeclined is returned when the issuer declines an off-session charge.
var ErrCardDeclined = errors.New("payments: card declined")

// RefundRequest describes a refund of (part of) a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	Amount          int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}
