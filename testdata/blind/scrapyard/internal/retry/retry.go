// Package retry wraps cenkalti/backoff for calls to external providers.
package retry

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Retryable is implemented by errors that know whether repeating the call
// could help (provider 5xx, 429, timeouts).
type Retryable interface {
	Retryable() bool
}

type config struct {
	initial    time.Duration
	max        time.Duration
	maxElapsed time.Duration
	maxTries   uint64
	notify     func(err error, wait time.Duration)
}

// Option tunes a retry loop.
type Option func(*config)

func WithMaxElapsed(d time.Duration) Option { return func(c *config) { c.maxElapsed = d } }
func WithMaxTries(n uint64) Option          { return func(c *config) { c.maxTries = n } }
func WithNotify(fn func(err error, wait time.Duration)) Option {
	return func(c *config) { c.notify = fn }
}

func newBackOff(ctx context.Context, opts []Option) (backoff.BackOff, *config) {
	c := &config{
		initial:    200 * time.Millisecond,
		max:        5 * time.Second,
		maxElapsed: 30 * time.Second,
		maxTries:   5,
	}
	for _, o := range opts {
		o(c)
	}
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = c.initial
	eb.MaxInterval = c.max
	eb.MaxElapsedTime = c.maxElapsed
	var b backoff.BackOff = eb
	if c.maxTries > 0 {
		b = backoff.WithMaxRetries(b, c.maxTries)
	}
	return backoff.WithContext(b, ctx), c
}

// classify stops the loop on errors that say they are not retryable.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var r Retryable
	if errors.As(err, &r) && !r.Retryable() {
		return backoff.Permanent(err)
	}
	if errors.Is(err, context.Canceled) {
		return backoff.Permanent(err)
	}
	return err
}

// Do runs op until it succeeds, returns a non-retryable error, or the
// policy gives up.
func Do(ctx context.Context, op func(ctx context.Context) error, opts ...Option) error {
	b, c := newBackOff(ctx, opts)
	return backoff.RetryNotify(func() error {
		return classify(op(ctx))
	}, b, c.notify)
}

// DoValue is Do for operations that return a value.
func DoValue[T any](ctx context.Context, op func(ctx context.Context) (T, error), opts ...Option) (T, error) {
	b, c := newBackOff(ctx, opts)
	return backoff.RetryNotifyWithData(func() (T, error) {
		v, err := op(ctx)
		return v, classify(err)
	}, b, c.notify)
}
