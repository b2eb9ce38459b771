// Package retryx wraps avast/retry-go with project defaults.
package retryx

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
)

// Permanent marks an error that must not be retried.
type Permanent struct{ Err error }

func (p Permanent) Error() string { return p.Err.Error() }
func (p Permanent) Unwrap() error { return p.Err }

type settings struct {
	attempts uint
	delay    time.Duration
	maxDelay time.Duration
	onRetry  func(n uint, err error)
}

type Option func(*settings)

func Attempts(n uint) Option             { return func(s *settings) { s.attempts = n } }
func Delay(d time.Duration) Option       { return func(s *settings) { s.delay = d } }
func MaxDelay(d time.Duration) Option    { return func(s *settings) { s.maxDelay = d } }
func OnRetry(f func(uint, error)) Option { return func(s *settings) { s.onRetry = f } }

// Do calls fn until it succeeds, returns a Permanent error, the context ends
// or the attempts run out.
func Do[T any](ctx context.Context, fn func(context.Context) (T, error), opts ...Option) (T, error) {
	s := settings{attempts: 3, delay: 200 * time.Millisecond, maxDelay: 3 * time.Second}
	for _, o := range opts {
		o(&s)
	}
	ropts := []retry.Option{
		retry.Context(ctx),
		retry.Attempts(s.attempts),
		retry.Delay(s.delay),
		retry.MaxDelay(s.maxDelay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(func(err error) bool {
			var p Permanent
			return !errors.As(err, &p)
		}),
	}
	if s.onRetry != nil {
		ropts = append(ropts, retry.OnRetry(s.onRetry))
	}
	return retry.DoWithData(func() (T, error) { return fn(ctx) }, ropts...)
}

// Run is Do for functions without a result.
func Run(ctx context.Context, fn func(context.Context) error, opts ...Option) error {
	_, err := Do(ctx, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	}, opts...)
	return err
}
