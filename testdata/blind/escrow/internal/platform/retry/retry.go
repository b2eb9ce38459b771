// Package retry wraps backoff/v4 with the policies the service uses for
// in-process retries of transient failures.
package retry

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy describes an exponential backoff schedule.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
}

// Default is used for provider calls.
var Default = Policy{
	Initial:    200 * time.Millisecond,
	Max:        5 * time.Second,
	MaxElapsed: 30 * time.Second,
}

func (p Policy) backoff(ctx context.Context) backoff.BackOff {
	b := backoff.NewExponentialBackOff()
	if p.Initial > 0 {
		b.InitialInterval = p.Initial
	}
	if p.Max > 0 {
		b.MaxInterval = p.Max
	}
	b.MaxElapsedTime = p.MaxElapsed
	return backoff.WithContext(b, ctx)
}

// Do runs op until it succeeds, returns a permanent error, or the policy
// gives up.
func Do[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(op, p.backoff(ctx))
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return backoff.Permanent(err)
}
