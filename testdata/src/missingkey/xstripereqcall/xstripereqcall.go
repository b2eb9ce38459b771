// Package xstripereqcall charges through the wrapper, with and without
// a key in the request's options.
package xstripereqcall

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xstripereq"
)

var gw = xstripereq.New("sk_test")

// The request leaves its options out: no key.
func charge(ctx context.Context, t *asynq.Task) error {
	_, err := gw.Charge(ctx, xstripereq.Charge{Customer: "cus_1", Amount: 100}) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key: v1PaymentIntentService.Create\(\) in xstripereq.Gateway.Charge \(xstripereq.go:\d+:\d+\) \(asynq handler charge\)`
	return err
}

// Negative: keyed by the task's ID.
func chargeKeyed(ctx context.Context, t *asynq.Task) error {
	_, err := gw.Charge(ctx, xstripereq.Charge{
		RequestOptions: xstripereq.RequestOptions{IdempotencyKey: t.ResultWriter().TaskID()},
		Customer:       "cus_1",
		Amount:         100,
	})
	return err
}
