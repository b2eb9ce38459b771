// Package retry wraps cenkalti/backoff with the policies used for outbound calls.
package retry

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v5"
)

// Policy describes how an outbound call is retried in-process.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxTries   uint
	MaxElapsed time.Duration
}

// Outbound is the default policy for provider calls made from consumers.
var Outbound = Policy{Initial: 200 * time.Millisecond, Max: 5 * time.Second, MaxTries: 5, MaxElapsed: 30 * time.Second}

// Quick is used on request paths where the caller is waiting.
var Quick = Policy{Initial: 100 * time.Millisecond, Max: time.Second, MaxTries: 3, MaxElapsed: 5 * time.Second}

// Do runs op under p, returning its value. Errors marked with Permanent stop
// the loop immediately.
func Do[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = p.Initial
	eb.MaxInterval = p.Max
	return backoff.Retry(ctx, op,
		backoff.WithBackOff(eb),
		backoff.WithMaxTries(p.MaxTries),
		backoff.WithMaxElapsedTime(p.MaxElapsed),
	)
}

// Run is Do for operations without a result.
func Run(ctx context.Context, p Policy, op func() error) error {
	_, err := Do(ctx, p, func() (struct{}, error) {
		return struct{}{}, op()
	})
	return err
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return backoff.Permanent(err) }
