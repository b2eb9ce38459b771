// Package retry wraps cenkalti/backoff with a small generic API used by the
// provider clients and publishers.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

type settings struct {
	initial     time.Duration
	maxInterval time.Duration
	maxElapsed  time.Duration
	maxRetries  uint64
	retryable   func(error) bool
	notify      func(error, time.Duration)
}

// Option tunes a retry loop.
type Option func(*settings)

// WithMaxRetries bounds the number of retries after the first attempt.
func WithMaxRetries(n uint64) Option { return func(s *settings) { s.maxRetries = n } }

// WithMaxElapsed bounds the total time spent retrying.
func WithMaxElapsed(d time.Duration) Option { return func(s *settings) { s.maxElapsed = d } }

// WithInitialInterval sets the first back-off interval.
func WithInitialInterval(d time.Duration) Option { return func(s *settings) { s.initial = d } }

// WithRetryable classifies errors; errors for which fn returns false stop
// the loop immediately.
func WithRetryable(fn func(error) bool) Option { return func(s *settings) { s.retryable = fn } }

// WithNotify is called before every sleep.
func WithNotify(fn func(error, time.Duration)) Option { return func(s *settings) { s.notify = fn } }

// Do runs op until it succeeds, returns a permanent error, or the policy is
// exhausted.
func Do[T any](ctx context.Context, op func(context.Context) (T, error), opts ...Option) (T, error) {
	s := settings{
		initial:     200 * time.Millisecond,
		maxInterval: 5 * time.Second,
		maxElapsed:  30 * time.Second,
		maxRetries:  4,
	}
	for _, o := range opts {
		o(&s)
	}

	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = s.initial
	eb.MaxInterval = s.maxInterval
	eb.MaxElapsedTime = s.maxElapsed
	policy := backoff.WithContext(backoff.WithMaxRetries(eb, s.maxRetries), ctx)

	wrapped := func() (T, error) {
		v, err := op(ctx)
		if err != nil && s.retryable != nil && !s.retryable(err) {
			return v, backoff.Permanent(err)
		}
		return v, err
	}
	if s.notify != nil {
		return backoff.RetryNotifyWithData(wrapped, policy, s.notify)
	}
	return backoff.RetryWithData(wrapped, policy)
}

// Run is Do for operations without a result.
func Run(ctx context.Context, op func(context.Context) error, opts ...Option) error {
	_, err := Do(ctx, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, op(ctx)
	}, opts...)
	return err
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error {
	return backoff.Permanent(err)
}

// IsPermanent reports whether err was marked Permanent.
func IsPermanent(err error) bool {
	var p *backoff.PermanentError
	return errors.As(err, &p)
}
