// Package payments adapts stripe-go to the narrow gateway the refund service
// needs.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	// IdempotencyKey is sent as Stripe's Idempotency-Key header when set.
	IdempotencyKey string
}

type RefundResult struct {
	ID     string
	Status string
}

type CreditRequest struct {
	StripeCustomerID string
	AmountCents      int64
	Currency         string
	Description      string
	Metadata         map[string]string
	IdempotencyKey   string
}

type CreditResult struct {
	TransactionID string
	EndingBalance int64
}

type Stripe struct {
	sc *stripe.Client
}

func NewStripe(secretKey string) *Stripe {
	return &Stripe{sc: stripe.NewClient(secretKey)}
}

func (s *Stripe) Refund(ctx context.Context, r RefundRequest) (RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(r.PaymentIntentID),
		Amount:        stripe.Int64(r.AmountCents),
		Metadata:      r.Metadata,
	}
	if r.Reason != "" {
		params.Reason = stripe.String(r.Reason)
	}
	if r.IdempotencyKey != "" {
		params.SetIdempotencyKey(r.IdempotencyKey)
	}
	ref, err := s.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, wrap(err)
	}
	return RefundResult{ID: ref.ID, Status: string(ref.Status)}, nil
}

// Credit adds store credit to the customer's Stripe balance. Stripe models a
// credit as a negative balance transaction.
func (s *Stripe) Credit(ctx context.Context, r CreditRequest) (CreditResult, error) {
	params := &stripe.CustomerBalanceTransactionCreateParams{
		Customer:    stripe.String(r.StripeCustomerID),
		Amount:      stripe.Int64(-r.AmountCents),
		Currency:    stripe.String(r.Currency),
		Description: stripe.String(r.Description),
		Metadata:    r.Metadata,
	}
	if r.IdempotencyKey != "" {
		params.SetIdempotencyKey(r.IdempotencyKey)
	}
	txn, err := s.sc.V1CustomerBalanceTransactions.Create(ctx, params)
	if err != nil {
		return CreditResult{}, wrap(err)
	}
	return CreditResult{TransactionID: txn.ID, EndingBalance: txn.EndingBalance}, nil
}

// Error carries whether Stripe considers the failure worth retrying.
type Error struct {
	Code      string
	Retryable bool
	err       error
}

func (e *Error) Error() string { return e.err.Error() }
func (e *Error) Unwrap() error { return e.err }

func wrap(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		retry := se.HTTPStatusCode == 429 || se.HTTPStatusCode >= 500 || se.Type == stripe.ErrorTypeAPI
		return &Error{Code: string(se.Code), Retryable: retry, err: fmt.Errorf("stripe: %w", err)}
	}
	return &Error{Retryable: true, err: fmt.Errorf("stripe: %w", err)}
}

// IsPermanent reports whether err should not be retried.
func IsPermanent(err error) bool {
	var pe *Error
	return errors.As(err, &pe) && !pe.Retryable
}
