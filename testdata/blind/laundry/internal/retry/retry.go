// Package retry wraps cenkalti/backoff with the policies used for outbound
// partner calls.
package retry

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/cenkalti/backoff/v4"
)

type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxTries   uint64
}

var (
	// Quick is for calls made while a user waits on the other end.
	Quick = Policy{Initial: 200 * time.Millisecond, Max: 2 * time.Second, MaxElapsed: 8 * time.Second, MaxTries: 4}
	// Patient is for background work.
	Patient = Policy{Initial: time.Second, Max: 30 * time.Second, MaxElapsed: 3 * time.Minute}
)

func (p Policy) backoff(ctx context.Context) backoff.BackOffContext {
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

// Do runs op until it succeeds, returns a permanent error, or the policy
// gives up.
func Do(ctx context.Context, p Policy, op func() error) error {
	return backoff.Retry(op, p.backoff(ctx))
}

// DoValue is Do for operations that produce a value.
func DoValue[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(op, p.backoff(ctx))
}

// Permanent stops the retry loop with err.
func Permanent(err error) error { return backoff.Permanent(err) }

// Retryable is implemented by provider errors that know whether a repeat
// could succeed.
type Retryable interface{ Temporary() bool }

// Classify turns non-temporary provider errors into permanent ones so that
// 4xx responses are not repeated.
func Classify(err error) error {
	if err == nil {
		return nil
	}
	var r Retryable
	if errors.As(err, &r) && !r.Temporary() {
		return backoff.Permanent(err)
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return err
	}
	return err
}
