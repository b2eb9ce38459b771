// Package retryx is the team's small retry helper for outbound provider calls.
//
// It deliberately knows nothing about HTTP: callers decide which errors are
// worth another attempt by implementing Temporary() or by passing a
// Classifier in the Policy.
package retryx

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Policy controls the backoff schedule.
type Policy struct {
	Attempts   int
	BaseDelay  time.Duration
	MaxDelay   time.Duration
	Jitter     float64
	Classifier func(error) bool
}

// Default is used for provider calls that are cheap to repeat.
var Default = Policy{
	Attempts:  4,
	BaseDelay: 200 * time.Millisecond,
	MaxDelay:  3 * time.Second,
	Jitter:    0.2,
}

// Conservative retries only once and waits a little longer; used where the
// upstream is slow to recover.
var Conservative = Policy{
	Attempts:  2,
	BaseDelay: time.Second,
	MaxDelay:  5 * time.Second,
	Jitter:    0.1,
}

type temporary interface {
	Temporary() bool
}

// Permanent wraps err so that Do stops immediately.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err: err}
}

type permanentError struct{ err error }

func (p *permanentError) Error() string { return p.err.Error() }
func (p *permanentError) Unwrap() error { return p.err }

// IsRetryable reports whether err should be retried under the default
// classification rules.
func IsRetryable(err error) bool {
	if err == nil {
		return false
	}
	var perm *permanentError
	if errors.As(err, &perm) {
		return false
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var t temporary
	if errors.As(err, &t) {
		return t.Temporary()
	}
	return false
}

// Do calls fn until it succeeds, returns a non-retryable error, the policy
// runs out of attempts, or ctx is done.
func Do[T any](ctx context.Context, p Policy, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	if p.Attempts <= 0 {
		p.Attempts = 1
	}
	classify := p.Classifier
	if classify == nil {
		classify = IsRetryable
	}

	var lastErr error
	for attempt := 0; attempt < p.Attempts; attempt++ {
		if attempt > 0 {
			if err := sleep(ctx, p.backoff(attempt)); err != nil {
				return zero, errors.Join(lastErr, err)
			}
		}
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		lastErr = err
		if !classify(err) {
			break
		}
	}
	var perm *permanentError
	if errors.As(lastErr, &perm) {
		return zero, perm.err
	}
	return zero, lastErr
}

// Run is Do for functions that return only an error.
func Run(ctx context.Context, p Policy, fn func(context.Context) error) error {
	_, err := Do(ctx, p, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	})
	return err
}

func (p Policy) backoff(attempt int) time.Duration {
	d := p.BaseDelay << (attempt - 1)
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	if p.Jitter > 0 {
		delta := float64(d) * p.Jitter
		d = time.Duration(float64(d) - delta + rand.Float64()*2*delta)
	}
	return d
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
