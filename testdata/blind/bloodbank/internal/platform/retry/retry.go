// Package retry wraps cenkalti/backoff with the policies used for calls to
// external partners.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy configures an exponential backoff.
type Policy struct {
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsed      time.Duration
	MaxRetries      uint64
}

// PartnerDefault is used for synchronous partner HTTP calls.
var PartnerDefault = Policy{
	InitialInterval: 300 * time.Millisecond,
	MaxInterval:     5 * time.Second,
	MaxElapsed:      30 * time.Second,
	MaxRetries:      4,
}

func (p Policy) backOff(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = p.InitialInterval
	eb.MaxInterval = p.MaxInterval
	eb.MaxElapsedTime = p.MaxElapsed
	var b backoff.BackOff = eb
	if p.MaxRetries > 0 {
		b = backoff.WithMaxRetries(b, p.MaxRetries)
	}
	return backoff.WithContext(b, ctx)
}

// Do runs op until it succeeds, returns a permanent error, or the policy
// gives up.
func Do(ctx context.Context, p Policy, op func() error) error {
	return backoff.Retry(op, p.backOff(ctx))
}

// DoValue is Do for operations that return a value.
func DoValue[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(op, p.backOff(ctx))
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return backoff.Permanent(err) }

// IsPermanent reports whether err was marked permanent.
func IsPermanent(err error) bool {
	var pe *backoff.PermanentError
	return errors.As(err, &pe)
}
