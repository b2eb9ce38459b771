// Package retry provides a small generic retry loop with backoff.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"time"
)

// Policy configures attempts and backoff.
type Policy struct {
	Attempts  int
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// Retryable decides whether an error is worth another attempt.
	Retryable func(error) bool
}

// Default retries transient network errors three times.
var Default = Policy{
	Attempts:  3,
	BaseDelay: 200 * time.Millisecond,
	MaxDelay:  2 * time.Second,
	Retryable: IsTransient,
}

// Permanent wraps an error that must not be retried.
type permanent struct{ err error }

func (p permanent) Error() string { return p.err.Error() }
func (p permanent) Unwrap() error { return p.err }

// Stop marks err as permanent.
func Stop(err error) error {
	if err == nil {
		return nil
	}
	return permanent{err: err}
}

// TransientError may be implemented by provider errors.
type TransientError interface {
	Temporary() bool
}

// IsTransient reports timeouts, connection errors and provider errors that
// declare themselves temporary.
func IsTransient(err error) bool {
	if err == nil {
		return false
	}
	var p permanent
	if errors.As(err, &p) {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var te TransientError
	if errors.As(err, &te) {
		return te.Temporary()
	}
	return false
}

// Do runs fn until it succeeds, returns a non-retryable error, or the
// attempts are used up.
func Do[T any](ctx context.Context, p Policy, fn func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	if p.Attempts < 1 {
		p.Attempts = 1
	}
	if p.Retryable == nil {
		p.Retryable = IsTransient
	}
	var lastErr error
	for i := 0; i < p.Attempts; i++ {
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		lastErr = err
		if !p.Retryable(err) || i == p.Attempts-1 {
			break
		}
		d := backoff(p, i)
		select {
		case <-ctx.Done():
			return zero, errors.Join(lastErr, ctx.Err())
		case <-time.After(d):
		}
	}
	var perm permanent
	if errors.As(lastErr, &perm) {
		return zero, perm.err
	}
	return zero, lastErr
}

// Run is Do for functions with no result.
func Run(ctx context.Context, p Policy, fn func(ctx context.Context) error) error {
	_, err := Do(ctx, p, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	})
	return err
}

func backoff(p Policy, attempt int) time.Duration {
	d := p.BaseDelay << attempt
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	jitter := time.Duration(rand.Int64N(int64(d)/4 + 1))
	return d + jitter
}
