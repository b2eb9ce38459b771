// Package xcheckoptsuse mails checks and letters through the client,
// with and without a key.
package xcheckoptsuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xcheckopts"
)

var c = xcheckopts.New("https://vendor.example")

// No option sets the key.
func mailCheck(ctx context.Context, t *asynq.Task) error {
	return c.CreateCheck(ctx, xcheckopts.CheckRequest{Payee: "lienholder", Amount: 100}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: keyed by the task's ID.
func mailCheckKeyed(ctx context.Context, t *asynq.Task) error {
	return c.CreateCheck(ctx, xcheckopts.CheckRequest{Payee: "lienholder", Amount: 100}, xcheckopts.WithIdempotencyKey(t.ResultWriter().TaskID()))
}

// An empty key is no key.
func mailLetter(ctx context.Context, t *asynq.Task) error {
	return c.CreateLetter(ctx, xcheckopts.CheckRequest{Payee: "claimant"}, "") // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: the letter keyed by the task's ID.
func mailLetterKeyed(ctx context.Context, t *asynq.Task) error {
	return c.CreateLetter(ctx, xcheckopts.CheckRequest{Payee: "claimant"}, t.ResultWriter().TaskID())
}
