// Package retryx wraps avast/retry-go with the policy we use for vendor calls:
// a few attempts with exponential backoff and jitter, retrying only errors
// that httpx classifies as transient.
package retryx

import (
	"context"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/fieldday/leagues/internal/platform/httpx"
)

// Policy configures a retry loop.
type Policy struct {
	Attempts uint
	Delay    time.Duration
	MaxDelay time.Duration
	// OnAttempt, when set, is called after every failed attempt.
	OnAttempt func(n uint, err error)
}

// Default is the policy for synchronous vendor calls made inside a request.
var Default = Policy{Attempts: 3, Delay: 250 * time.Millisecond, MaxDelay: 2 * time.Second}

// Background is the policy for calls made from worker tasks, which can
// afford to wait longer before handing the failure back to asynq.
var Background = Policy{Attempts: 5, Delay: 500 * time.Millisecond, MaxDelay: 10 * time.Second}

// Do runs fn under the default policy.
func Do[T any](ctx context.Context, op string, fn func(context.Context) (T, error)) (T, error) {
	return DoWith(ctx, Default, op, fn)
}

// DoWith runs fn under the given policy and returns its result.
func DoWith[T any](ctx context.Context, p Policy, op string, fn func(context.Context) (T, error)) (T, error) {
	return retry.DoWithData(
		func() (T, error) { return fn(ctx) },
		retry.Context(ctx),
		retry.Attempts(p.Attempts),
		retry.Delay(p.Delay),
		retry.MaxDelay(p.MaxDelay),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.MaxJitter(p.Delay),
		retry.LastErrorOnly(true),
		retry.RetryIf(httpx.IsRetryable),
		retry.OnRetry(func(n uint, err error) {
			slog.WarnContext(ctx, "vendor call failed, retrying", "op", op, "attempt", n+1, "err", err)
			if p.OnAttempt != nil {
				p.OnAttempt(n, err)
			}
		}),
	)
}

// Run is Do for calls that return only an error.
func Run(ctx context.Context, op string, fn func(context.Context) error) error {
	_, err := Do(ctx, op, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	})
	return err
}
