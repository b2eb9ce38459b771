// Package xreqdescuse holds, reships and reads orders through the
// partner's client from a task.
package xreqdescuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xreqdesc"
)

var c = xreqdesc.New("https://warehouse.example")

// The hold's description carries no key.
func hold(ctx context.Context, t *asynq.Task) error {
	return c.PlaceHold(ctx, "o-1", "fraud review") // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: the reship is keyed by the task's ID.
func reship(ctx context.Context, t *asynq.Task) error {
	return c.Reship(ctx, "o-1", t.ResultWriter().TaskID())
}

// The reship with an empty key is not keyed.
func reshipBare(ctx context.Context, t *asynq.Task) error {
	return c.Reship(ctx, "o-1", "") // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: a read.
func status(ctx context.Context, t *asynq.Task) error {
	return c.Status(ctx, "o-1")
}
