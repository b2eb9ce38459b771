// Package retry wraps calls to remote providers with bounded exponential
// backoff. It deliberately knows nothing about the providers themselves:
// callers decide which errors are worth another attempt.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Policy controls how many attempts Do makes and how long it waits between
// them.
type Policy struct {
	Attempts   int
	BaseDelay  time.Duration
	MaxDelay   time.Duration
	Multiplier float64
	// Retryable reports whether err should trigger another attempt. A nil
	// Retryable retries every non-permanent error.
	Retryable func(error) bool
	// OnRetry is called before sleeping, mostly for logging.
	OnRetry func(attempt int, err error, wait time.Duration)
}

// DefaultPolicy is tuned for provider HTTP APIs: a handful of quick
// attempts that stay well inside a River job or HTTP request deadline.
var DefaultPolicy = Policy{
	Attempts:   4,
	BaseDelay:  200 * time.Millisecond,
	MaxDelay:   3 * time.Second,
	Multiplier: 2,
}

// Option mutates a Policy for a single call.
type Option func(*Policy)

// Attempts overrides the number of attempts.
func Attempts(n int) Option { return func(p *Policy) { p.Attempts = n } }

// If sets the retryable classifier.
func If(fn func(error) bool) Option { return func(p *Policy) { p.Retryable = fn } }

// OnRetry installs a hook called before each backoff sleep.
func OnRetry(fn func(attempt int, err error, wait time.Duration)) Option {
	return func(p *Policy) { p.OnRetry = fn }
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err so that Do stops immediately.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err: err}
}

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// Do calls fn until it succeeds, returns a permanent error, the policy's
// attempts are exhausted, or ctx is done.
func Do[T any](ctx context.Context, fn func(context.Context) (T, error), opts ...Option) (T, error) {
	p := DefaultPolicy
	for _, o := range opts {
		o(&p)
	}
	if p.Attempts < 1 {
		p.Attempts = 1
	}

	var zero T
	var lastErr error
	delay := p.BaseDelay
	for attempt := 1; attempt <= p.Attempts; attempt++ {
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		lastErr = err
		if IsPermanent(err) {
			return zero, errors.Unwrap(err)
		}
		if p.Retryable != nil && !p.Retryable(err) {
			return zero, err
		}
		if attempt == p.Attempts {
			break
		}
		wait := jitter(delay)
		if p.OnRetry != nil {
			p.OnRetry(attempt, err, wait)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return zero, errors.Join(ctx.Err(), lastErr)
		case <-t.C:
		}
		delay = time.Duration(float64(delay) * p.Multiplier)
		if p.MaxDelay > 0 && delay > p.MaxDelay {
			delay = p.MaxDelay
		}
	}
	return zero, lastErr
}

// Run is Do for calls that return only an error.
func Run(ctx context.Context, fn func(context.Context) error, opts ...Option) error {
	_, err := Do(ctx, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	}, opts...)
	return err
}

func jitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	half := int64(d) / 2
	return time.Duration(half + rand.Int64N(half+1))
}
