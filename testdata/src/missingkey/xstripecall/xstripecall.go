// Package xstripecall charges through the wrapper, with and without
// the option that keys the charge.
package xstripecall

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xstripeopts"
)

var sc = xstripeopts.New("sk_test")

// A charge with an option that sets no key.
func charge(ctx context.Context, t *asynq.Task) error {
	_, err := sc.Charge(ctx, 100, xstripeopts.WithMetadata("task", "charge")) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: v1PaymentIntentService.Create\(\) in xstripeopts.Client.Charge \(xstripeopts.go:\d+:\d+\) \(asynq handler charge\)`
	return err
}

// Negative: keyed by the task's ID.
func chargeKeyed(ctx context.Context, t *asynq.Task) error {
	_, err := sc.Charge(ctx, 100, xstripeopts.WithIdempotencyKey(t.ResultWriter().TaskID()), xstripeopts.WithMetadata("task", "charge"))
	return err
}

// A refund with no option: its config, collected by value, sets no key.
func refund(ctx context.Context, t *asynq.Task) error {
	return sc.Refund(ctx, "pi_1") // want `a retry repeats the Stripe Refund create: the call carries no idempotency key`
}

// Negative: keyed by the task's ID.
func refundKeyed(ctx context.Context, t *asynq.Task) error {
	return sc.Refund(ctx, "pi_1", xstripeopts.WithRefundKey(t.ResultWriter().TaskID()))
}

// A refund sent in a retry's operation with no option.
func refundRetried(ctx context.Context, t *asynq.Task) error {
	return sc.RefundRetried(ctx, "pi_1") // want `a retry repeats the Stripe Refund create: the call carries no idempotency key`
}

// Negative: keyed by the task's ID.
func refundRetriedKeyed(ctx context.Context, t *asynq.Task) error {
	return sc.RefundRetried(ctx, "pi_1", xstripeopts.WithRefundKey(t.ResultWriter().TaskID()))
}

// A payout with no option: the helper that collects and applies the
// options sets no key.
func payout(ctx context.Context, t *asynq.Task) error {
	return sc.Payout(ctx, "acct_1") // want `a retry repeats the Stripe Transfer create: the call carries no idempotency key`
}

// Negative: keyed by the task's ID.
func payoutKeyed(ctx context.Context, t *asynq.Task) error {
	return sc.Payout(ctx, "acct_1", xstripeopts.WithRefundKey(t.ResultWriter().TaskID()))
}
