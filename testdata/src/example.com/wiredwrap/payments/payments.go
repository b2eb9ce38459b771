// Package payments charges cards with Stripe. Its callers already put
// their key in the context (an earlier fix declared the carrier), but
// the charge does not read it yet.
package payments

import (
	"context"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

// Gateway charges cards.
type Gateway struct{}

// Charge creates one PaymentIntent.
func (Gateway) Charge(ctx context.Context, amount int64) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(amount)}
	_, err := paymentintent.New(params) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key \(HTTP handler Handler.Pay\) \[IDEM002\]$`
	return err
}

// idempotencyKey is the context key under which callers pass the
// operation's idempotency key (WithIdempotencyKey).
type idempotencyKey struct{}

// WithIdempotencyKey returns a copy of ctx that carries key, the
// idempotency key of the operation ctx is for: the IDs made for the
// operation are derived from it, so that a retry makes the same ones.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, idempotencyKey{}, key)
}

// idempotencyKeyFrom returns the idempotency key that ctx carries, or "".
func idempotencyKeyFrom(ctx context.Context) string {
	key, _ := ctx.Value(idempotencyKey{}).(string)
	return key
}
