// Package xcredit pulls credit reports through the bureau's client,
// with and without the option that keys them.
package xcredit

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xbureau"
)

var bu = xbureau.New("https://bureau.example")

// A report pulled with an option that sets no key.
func pullReport(ctx context.Context, t *asynq.Task) error {
	return bu.RequestReport(ctx, t.Payload(), xbureau.WithCallback("https://lender.example/cb")) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xbureau.Client.RequestReport \(xbureau.go:47:10\) \(asynq handler pullReport\)`
}

// A report pulled with no option.
func pullBare(ctx context.Context, t *asynq.Task) error {
	return bu.RequestReport(ctx, t.Payload()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xbureau.Client.RequestReport \(xbureau.go:47:10\) \(asynq handler pullBare\)`
}

// Negative: keyed by the task's ID.
func pullKeyed(ctx context.Context, t *asynq.Task) error {
	return bu.RequestReport(ctx, t.Payload(), xbureau.WithIdempotencyKey(t.ResultWriter().TaskID()), xbureau.WithCallback("https://lender.example/cb"))
}

var callOpts []xbureau.CallOption

// Negative: options from elsewhere, which may hold a key.
func pullShared(ctx context.Context, t *asynq.Task) error {
	return bu.RequestReport(ctx, t.Payload(), callOpts...)
}

// A transfer sent with no option.
func transfer(ctx context.Context, t *asynq.Task) error {
	return bu.Transfer(ctx, t.Payload()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xbureau.Client.Transfer`
}

// Negative: keyed by the task's ID.
func transferKeyed(ctx context.Context, t *asynq.Task) error {
	return bu.Transfer(ctx, t.Payload(), xbureau.WithIdempotencyKey(t.ResultWriter().TaskID()))
}

// An account opened with no option.
func open(ctx context.Context, t *asynq.Task) error {
	return bu.Open(ctx, t.Payload()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xbureau.Client.Open`
}

// Negative: keyed by the task's ID.
func openKeyed(ctx context.Context, t *asynq.Task) error {
	return bu.Open(ctx, t.Payload(), xbureau.WithIdempotencyKey(t.ResultWriter().TaskID()))
}

var bank = xbureau.NewBank("https://bank.example")

// A conversion booked with no option.
func convert(ctx context.Context, t *asynq.Task) error {
	return bank.BookConversion(ctx, t.Payload(), xbureau.WithCallback("https://lender.example/cb")) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Bank.do\(\) in xbureau.Bank.BookConversion`
}

// Negative: keyed by the task's ID.
func convertKeyed(ctx context.Context, t *asynq.Task) error {
	return bank.BookConversion(ctx, t.Payload(), xbureau.WithIdempotencyKey(t.ResultWriter().TaskID()))
}

// Negative: a read.
func rates(ctx context.Context, t *asynq.Task) error {
	return bank.Rates(ctx)
}
