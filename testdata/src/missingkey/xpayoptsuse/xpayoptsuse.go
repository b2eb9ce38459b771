// Package xpayoptsuse refunds through the client, with and without the
// option that keys the refund.
package xpayoptsuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xpayopts"
)

var pc = xpayopts.New("https://pay.example")

// A refund with an option that sets no key.
func refund(ctx context.Context, t *asynq.Task) error {
	return pc.CreateRefund(ctx, xpayopts.RefundRequest{ChargeID: "ch_1"}, xpayopts.WithMetadata(map[string]string{"task": "refund"})) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xpayopts.Client.CreateRefund \(xpayopts.go:\d+:\d+\) \(asynq handler refund\)`
}

// Negative: keyed by the task's ID.
func refundKeyed(ctx context.Context, t *asynq.Task) error {
	return pc.CreateRefund(ctx, xpayopts.RefundRequest{ChargeID: "ch_1"}, xpayopts.WithIdempotencyKey(t.ResultWriter().TaskID()))
}
