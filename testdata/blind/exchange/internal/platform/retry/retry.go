// Package retry wraps cenkalti/backoff with the defaults used across the
// funding service.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy describes an exponential backoff.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxRetries uint64
}

// Default is used for provider calls made inline with a request.
var Default = Policy{
	Initial:    200 * time.Millisecond,
	Max:        3 * time.Second,
	MaxElapsed: 15 * time.Second,
	MaxRetries: 4,
}

// Permanent marks an error as not worth retrying.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return backoff.Permanent(err)
}

// IsPermanent reports whether err was wrapped with Permanent.
func IsPermanent(err error) bool {
	var p *backoff.PermanentError
	return errors.As(err, &p)
}

// Do runs op until it succeeds, returns a permanent error, or the policy
// is exhausted.
func Do(ctx context.Context, p Policy, op func() error) error {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = p.Initial
	eb.MaxInterval = p.Max
	eb.MaxElapsedTime = p.MaxElapsed
	var b backoff.BackOff = eb
	if p.MaxRetries > 0 {
		b = backoff.WithMaxRetries(b, p.MaxRetries)
	}
	return backoff.Retry(op, backoff.WithContext(b, ctx))
}

// DoValue is Do for operations that produce a value.
func DoValue[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	var out T
	err := Do(ctx, p, func() error {
		v, err := op()
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// Forever returns a backoff that never gives up; used by consumers that
// must not skip a message.
func Forever(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = 500 * time.Millisecond
	eb.MaxInterval = 30 * time.Second
	eb.MaxElapsedTime = 0
	return backoff.WithContext(eb, ctx)
}
