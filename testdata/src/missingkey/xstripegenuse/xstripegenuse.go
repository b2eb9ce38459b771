// Package xstripegenuse refunds through the wrapper, with and without a
// key in the request.
package xstripegenuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xstripegen"
)

var c = xstripegen.New("sk_test")

// The request carries no key.
func refund(ctx context.Context, t *asynq.Task) error {
	_, err := c.Refund(ctx, xstripegen.RefundRequest{PaymentIntentID: "pi_1", AmountCents: 100}) // want `a retry repeats the Stripe Refund create: the call carries no idempotency key`
	return err
}

// Negative: keyed by the task's ID.
func refundKeyed(ctx context.Context, t *asynq.Task) error {
	_, err := c.Refund(ctx, xstripegen.RefundRequest{PaymentIntentID: "pi_1", AmountCents: 100, IdempotencyKey: t.ResultWriter().TaskID()})
	return err
}
