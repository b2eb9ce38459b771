package payments

import (
	"context"
	"errors"
	"net/http"

	"github.com/stripe/stripe-go/v82"

	"github.com/terravault/carbonreg/internal/retryx"
)

// classify marks Stripe errors that are safe to retry with the same request.
func classify(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.HTTPStatusCode == http.StatusTooManyRequests || se.HTTPStatusCode >= 500 ||
			se.Type == stripe.ErrorTypeAPI {
			return retryx.Transient{Err: err}
		}
		return err
	}
	return retryx.Transient{Err: err}
}

// retrying decorates a Gateway with bounded retries of transient failures.
type retrying struct {
	next     Gateway
	attempts uint
}

// WithRetry wraps g so each call is retried on transient errors. Request
// parameters, including any idempotency key, are fixed before the first
// attempt.
func WithRetry(g Gateway, attempts uint) Gateway {
	return &retrying{next: g, attempts: attempts}
}

func (r *retrying) CreatePaymentIntent(ctx context.Context, amount int64, currency string, opts ...IntentOption) (*stripe.PaymentIntent, error) {
	return retryx.Do(ctx, r.attempts, func() (*stripe.PaymentIntent, error) {
		return r.next.CreatePaymentIntent(ctx, amount, currency, opts...)
	})
}

func (r *retrying) GetPaymentIntent(ctx context.Context, id string) (*stripe.PaymentIntent, error) {
	return retryx.Do(ctx, r.attempts, func() (*stripe.PaymentIntent, error) {
		return r.next.GetPaymentIntent(ctx, id)
	})
}

func (r *retrying) CancelPaymentIntent(ctx context.Context, id string) error {
	_, err := retryx.Do(ctx, r.attempts, func() (struct{}, error) {
		return struct{}{}, r.next.CancelPaymentIntent(ctx, id)
	})
	return err
}

func (r *retrying) Refund(ctx context.Context, paymentIntentID string, amount int64, reason string) (*stripe.Refund, error) {
	return retryx.Do(ctx, r.attempts, func() (*stripe.Refund, error) {
		return r.next.Refund(ctx, paymentIntentID, amount, reason)
	})
}

func (r *retrying) Transfer(ctx context.Context, req TransferRequest) (*stripe.Transfer, error) {
	return retryx.Do(ctx, r.attempts, func() (*stripe.Transfer, error) {
		return r.next.Transfer(ctx, req)
	})
}
