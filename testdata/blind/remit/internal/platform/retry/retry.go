// Package retry wraps cenkalti/backoff for calls to external partners.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return backoff.Permanent(err) }

// Policy configures the exponential backoff used around partner calls.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxTries   uint64
}

var Partner = Policy{Initial: 200 * time.Millisecond, Max: 3 * time.Second, MaxElapsed: 20 * time.Second, MaxTries: 5}

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

// Do retries op under policy p and returns its value.
func Do[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	v, err := backoff.RetryWithData(op, p.backoff(ctx))
	var perm *backoff.PermanentError
	if errors.As(err, &perm) {
		return v, perm.Err
	}
	return v, err
}
