// Package retry is the small backoff helper used by our outbound HTTP
// clients. It deliberately knows nothing about HTTP: callers decide which
// errors are worth another attempt.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Policy controls how many times and how quickly an operation is retried.
type Policy struct {
	Attempts  int
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// Retryable decides whether an error is transient. Nil means every error
	// that is not wrapped with Permanent is retried.
	Retryable func(error) bool
}

// Default is three attempts with jittered exponential backoff from 200ms.
func Default() Policy {
	return Policy{Attempts: 3, BaseDelay: 200 * time.Millisecond, MaxDelay: 3 * time.Second}
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

// Do runs op until it succeeds, returns a permanent error, the policy is
// exhausted or ctx is done. The last error is returned unwrapped.
func Do[T any](ctx context.Context, p Policy, op func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	attempts := max(p.Attempts, 1)
	var lastErr error
	for attempt := 0; attempt < attempts; attempt++ {
		if attempt > 0 {
			if err := sleep(ctx, p.backoff(attempt)); err != nil {
				return zero, errors.Join(lastErr, err)
			}
		}
		v, err := op(ctx)
		if err == nil {
			return v, nil
		}
		var perm permanentError
		if errors.As(err, &perm) {
			return zero, perm.err
		}
		lastErr = err
		if p.Retryable != nil && !p.Retryable(err) {
			return zero, err
		}
	}
	return zero, lastErr
}

// Run is Do for operations without a result.
func Run(ctx context.Context, p Policy, op func(ctx context.Context) error) error {
	_, err := Do(ctx, p, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, op(ctx)
	})
	return err
}

func (p Policy) backoff(attempt int) time.Duration {
	base := p.BaseDelay
	if base <= 0 {
		base = 100 * time.Millisecond
	}
	d := base << (attempt - 1)
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	// full jitter in [d/2, d)
	half := int64(d / 2)
	return time.Duration(half + rand.Int64N(half+1))
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
