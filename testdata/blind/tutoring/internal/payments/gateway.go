// Package payments wraps Stripe behind a small gateway interface so the
// services do not depend on stripe-go types.
package payments

import (
	"context"
)

// PaymentIntentInput describes an off-session package charge.
type PaymentIntentInput struct {
	AmountCents    int64
	Currency       string
	CustomerID     string
	PaymentMethod  string
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

// PaymentIntent is the subset of Stripe's PaymentIntent we persist.
type PaymentIntent struct {
	ID           string
	Status       string
	ClientSecret string
}

// RefundInput describes a (partial) refund of a PaymentIntent.
type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is the subset of Stripe's Refund we persist.
type RefundResult struct {
	ID     string
	Status string
}

// TransferInput moves money to a tutor's connected account.
type TransferInput struct {
	AmountCents        int64
	Currency           string
	DestinationAccount string
	TransferGroup      string
	Metadata           map[string]string
	IdempotencyKey     string
}

// TransferResult is the subset of Stripe's Transfer we persist.
type TransferResult struct {
	ID string
}

// AccountInput describes a connected account for a tutor.
type AccountInput struct {
	Email    string
	Country  string
	TutorID  string
	Metadata map[string]string
}

// Gateway is the payment provider as seen by the services.
type Gateway interface {
	CreatePaymentIntent(ctx context.Context, in PaymentIntentInput) (PaymentIntent, error)
	Refund(ctx context.Context, in RefundInput) (RefundResult, error)
	Transfer(ctx context.Context, in TransferInput) (TransferResult, error)
	CreateConnectedAccount(ctx context.Context, in AccountInput) (string, error)
	OnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error)
}
