// Package xstripepolicyuse refunds through the wrapper, with and
// without a key in the input.
package xstripepolicyuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xstripepolicy"
)

var c = xstripepolicy.New("sk_test")

// The input carries no key.
func refund(ctx context.Context, t *asynq.Task) error {
	_, err := c.Refund(ctx, xstripepolicy.RefundInput{PaymentIntentID: "pi_1"}) // want `a retry repeats the Stripe Refund create: the call carries no idempotency key`
	return err
}

// Negative: keyed by the task's ID.
func refundKeyed(ctx context.Context, t *asynq.Task) error {
	_, err := c.Refund(ctx, xstripepolicy.RefundInput{PaymentIntentID: "pi_1", IdempotencyKey: t.ResultWriter().TaskID()})
	return err
}
