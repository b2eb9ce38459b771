// Package xclient is a provider's client that sends the key its caller
// puts in the request, when there is one; it makes no key itself.
package xclient

import (
	"context"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

// A Request is what the caller asks the provider for.
type Request struct {
	Amount int64
	Key    string // sent as the Idempotency-Key header when set
}

// Client calls the provider.
type Client struct{ HTTP *http.Client }

// Issue asks the provider to issue a card.
func (c *Client) Issue(ctx context.Context, in Request) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://provider.example/cards", nil)
	if err != nil {
		return err
	}
	if in.Key != "" {
		req.Header.Set("Idempotency-Key", in.Key)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Charge creates a payment intent with the caller's key, when there is
// one, stored in the params' field.
func (c *Client) Charge(ctx context.Context, in Request) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(in.Amount)}
	if in.Key != "" {
		params.IdempotencyKey = stripe.String(in.Key)
	}
	_, err := paymentintent.New(params)
	return err
}
