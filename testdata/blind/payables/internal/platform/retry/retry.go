// Package retry wraps cenkalti/backoff with the policies used for outbound calls.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Permanent marks err as non-retryable.
func Permanent(err error) error { return backoff.Permanent(err) }

// Policy describes an exponential backoff policy.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxRetries uint64
}

// Default is the policy used for provider calls.
var Default = Policy{
	Initial:    200 * time.Millisecond,
	Max:        5 * time.Second,
	MaxElapsed: 30 * time.Second,
	MaxRetries: 5,
}

func (p Policy) backoff(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = p.Initial
	eb.MaxInterval = p.Max
	eb.MaxElapsedTime = p.MaxElapsed
	var b backoff.BackOff = eb
	if p.MaxRetries > 0 {
		b = backoff.WithMaxRetries(b, p.MaxRetries)
	}
	return backoff.WithContext(b, ctx)
}

// Do runs op until it succeeds, returns a permanent error, or the policy is
// exhausted.
func Do(ctx context.Context, p Policy, op func() error) error {
	return backoff.Retry(op, p.backoff(ctx))
}

// DoValue is Do for operations that return a value.
func DoValue[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(op, p.backoff(ctx))
}

// IsPermanent reports whether err was wrapped with Permanent.
func IsPermanent(err error) bool {
	var perm *backoff.PermanentError
	return errors.As(err, &perm)
}
