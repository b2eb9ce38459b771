// Package xcarduse authorises cards through the gateway.
package xcarduse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xcardgw"
)

var gw = &xcardgw.Gateway{}

// Positive: the authorisation carries no key.
func authorize(ctx context.Context, t *asynq.Task) error {
	return gw.Authorize(ctx, xcardgw.Authorization{Token: "tok", Amount: 100}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: the task's ID is the key.
func authorizeKeyed(ctx context.Context, t *asynq.Task) error {
	return gw.Authorize(ctx, xcardgw.Authorization{Token: "tok", Amount: 100, IdempotencyKey: t.ResultWriter().TaskID()})
}
