package payments

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"
)

// Retrying decorates a Gateway with bounded retries for transient
// failures (network errors, 5xx, rate limits). Each attempt re-sends the
// same parameters, including the idempotency key.
type Retrying struct {
	Next     Gateway
	Attempts uint
	Delay    time.Duration
}

// NewRetrying wraps next.
func NewRetrying(next *stripeGateway) *Retrying {
	return &Retrying{Next: next, Attempts: 3, Delay: 300 * time.Millisecond}
}

func (r *Retrying) opts(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(r.Attempts),
		retry.Delay(r.Delay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(transient),
	}
}

func transient(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == 429 || se.HTTPStatusCode >= 500
	}
	var ne net.Error
	return errors.As(err, &ne)
}

func (r *Retrying) CreatePaymentIntent(ctx context.Context, in PaymentIntentInput) (PaymentIntent, error) {
	return retry.DoWithData(func() (PaymentIntent, error) { return r.Next.CreatePaymentIntent(ctx, in) }, r.opts(ctx)...)
}

func (r *Retrying) Refund(ctx context.Context, in RefundInput) (RefundResult, error) {
	return retry.DoWithData(func() (RefundResult, error) { return r.Next.Refund(ctx, in) }, r.opts(ctx)...)
}

func (r *Retrying) Transfer(ctx context.Context, in TransferInput) (TransferResult, error) {
	return retry.DoWithData(func() (TransferResult, error) { return r.Next.Transfer(ctx, in) }, r.opts(ctx)...)
}

func (r *Retrying) CreateConnectedAccount(ctx context.Context, in AccountInput) (string, error) {
	return retry.DoWithData(func() (string, error) { return r.Next.CreateConnectedAccount(ctx, in) }, r.opts(ctx)...)
}

func (r *Retrying) OnboardingLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error) {
	return retry.DoWithData(func() (string, error) {
		return r.Next.OnboardingLink(ctx, accountID, refreshURL, returnURL)
	}, r.opts(ctx)...)
}
