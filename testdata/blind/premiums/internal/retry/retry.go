// Package retry wraps cenkalti/backoff for outbound calls.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy describes how an outbound call is retried.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxTries   uint64
}

// Default is used for provider calls made from request paths.
var Default = Policy{Initial: 200 * time.Millisecond, Max: 2 * time.Second, MaxElapsed: 10 * time.Second, MaxTries: 4}

// Background is used from workers and consumers, which can afford to wait.
var Background = Policy{Initial: 500 * time.Millisecond, Max: 10 * time.Second, MaxElapsed: time.Minute, MaxTries: 6}

// Permanent marks err as not worth retrying.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return backoff.Permanent(err)
}

// IsPermanent reports whether err was marked permanent.
func IsPermanent(err error) bool {
	var p *backoff.PermanentError
	return errors.As(err, &p)
}

func (p Policy) backoff(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = p.Initial
	eb.MaxInterval = p.Max
	eb.MaxElapsedTime = p.MaxElapsed
	var b backoff.BackOff = eb
	if p.MaxTries > 0 {
		b = backoff.WithMaxRetries(b, p.MaxTries)
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
	return backoff.RetryWithData(op, backoff.WithContext(p.backoff(ctx), ctx))
}
