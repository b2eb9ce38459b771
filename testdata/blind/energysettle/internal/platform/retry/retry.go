// Package retry wraps cenkalti/backoff with the policies the service uses
// for outbound calls and for handler execution inside consumers.
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

// Outbound is used for HTTP calls to providers.
var Outbound = Policy{Initial: 200 * time.Millisecond, Max: 5 * time.Second, MaxElapsed: 30 * time.Second, MaxRetries: 5}

// Handler is used by the consumers when a handler returns a transient error.
var Handler = Policy{Initial: 500 * time.Millisecond, Max: 10 * time.Second, MaxElapsed: 2 * time.Minute, MaxRetries: 8}

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
// exhausted. notify, if non-nil, is called before each wait.
func Do(ctx context.Context, p Policy, op func() error, notify func(err error, wait time.Duration)) error {
	return backoff.RetryNotify(op, p.backoff(ctx), notify)
}

// DoValue is Do for operations that return a value.
func DoValue[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(op, p.backoff(ctx))
}

// Permanent marks err so that Do stops retrying.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return backoff.Permanent(err)
}

// IsPermanent reports whether err was wrapped by Permanent.
func IsPermanent(err error) bool {
	var p *backoff.PermanentError
	return errors.As(err, &p)
}
