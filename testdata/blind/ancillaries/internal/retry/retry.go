// Package retry wraps cenkalti/backoff for calls to external providers.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy configures a retry loop.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxRetries uint64
}

// Default is used for synchronous provider calls on request paths.
var Default = Policy{Initial: 200 * time.Millisecond, Max: 2 * time.Second, MaxElapsed: 10 * time.Second, MaxRetries: 4}

// Background is used by workers that can afford to wait longer.
var Background = Policy{Initial: time.Second, Max: 30 * time.Second, MaxElapsed: 2 * time.Minute, MaxRetries: 8}

// Forever retries until the context is cancelled.
var Forever = Policy{Initial: time.Second, Max: time.Minute}

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

func (p Policy) backOff(ctx context.Context) backoff.BackOff {
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

// Do runs op until it succeeds, returns a permanent error, or the policy
// gives up.
func Do[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(op, p.backOff(ctx))
}

// Notify is Run with a callback on every failed attempt.
func Notify(ctx context.Context, p Policy, op func() error, notify func(err error, wait time.Duration)) error {
	return backoff.RetryNotify(op, p.backOff(ctx), notify)
}
