// Package payments is the service's view of Stripe: deposits, checkout
// charges, cancellation refunds and franchise transfers.
package payments

import (
	"context"
)

// Intent is the subset of a PaymentIntent the service keeps.
type Intent struct {
	ID           string
	Status       string
	AmountCents  int64
	ClientSecret string
}

// DepositRequest authorises and captures a reservation deposit off-session
// against the owner's saved card.
type DepositRequest struct {
	OperationID     string
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
}

// ChargeRequest charges a saved card immediately.
type ChargeRequest struct {
	OperationID     string
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	StatementSuffix string
	Metadata        map[string]string
}

// RefundRequest refunds part or all of a PaymentIntent.
type RefundRequest struct {
	OperationID     string
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
}

// RefundResult is Stripe's refund.
type RefundResult struct {
	ID     string
	Status string
}

// TransferRequest moves funds to a franchise's connected account.
type TransferRequest struct {
	OperationID   string
	Destination   string
	AmountCents   int64
	Currency      string
	TransferGroup string
	Description   string
	Metadata      map[string]string
}

// TransferResult is Stripe's transfer.
type TransferResult struct {
	ID string
}

// Gateway is implemented by the Stripe adapter and its decorators.
//
// OperationID, when set, is sent as the Stripe Idempotency-Key so the same
// operation submitted twice produces one object.
type Gateway interface {
	CreateDeposit(ctx context.Context, req DepositRequest) (*Intent, error)
	Charge(ctx context.Context, req ChargeRequest) (*Intent, error)
	Refund(ctx context.Context, req RefundRequest) (*RefundResult, error)
	Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error)
}
