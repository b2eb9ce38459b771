// Package payments abstracts the card processor. Charging uses
// manual-capture holds: a hold is placed when a session starts and captured
// for the metered amount when it ends.
package payments

import (
	"context"
	"errors"
)

// HoldRequest places a manual-capture authorisation on a saved card.
type HoldRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
	IdempotencyKey  string
}

// ChargeRequest charges a saved card immediately, off-session.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundRequest refunds part or all of a captured payment.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// Intent is the processor's view of a PaymentIntent.
type Intent struct {
	ID             string
	Status         string
	AmountCents    int64
	CapturedCents  int64
	RequiresAction bool
}

// Refund is the processor's view of a refund.
type Refund struct {
	ID          string
	Status      string
	AmountCents int64
}

// Gateway is what services depend on.
type Gateway interface {
	CreateHold(ctx context.Context, req HoldRequest) (Intent, error)
	Capture(ctx context.Context, intentID string, amountCents int64, idempotencyKey string) (Intent, error)
	CancelHold(ctx context.Context, intentID, idempotencyKey string) (Intent, error)
	Charge(ctx context.Context, req ChargeRequest) (Intent, error)
	Refund(ctx context.Context, req RefundRequest) (Refund, error)
}

// ErrCardDeclined is returned when the issuer declines.
var ErrCardDeclined = errors.New("card declined")

// ErrRetryable marks transient processor failures.
var ErrRetryable = errors.New("transient payment processor error")
