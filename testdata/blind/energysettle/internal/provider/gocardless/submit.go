package gocardless

import (
	"context"

	"github.com/google/uuid"
)

// SubmitPayment creates a payment with an idempotency key minted for this
// submission, so that the client's transport retries (timeouts, 5xx, 429)
// cannot create the payment twice.
func (c *Client) SubmitPayment(ctx context.Context, p PaymentParams) (*Payment, error) {
	key := c.submissionKey()
	return c.CreatePayment(ctx, p, WithIdempotencyKey(key))
}

func (c *Client) submissionKey() string {
	if c.newKey != nil {
		return c.newKey()
	}
	return uuid.NewString()
}
