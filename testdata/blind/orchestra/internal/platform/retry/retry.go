// Package retry provides a small generic backoff loop for calls to
// dependencies that fail transiently.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Policy controls the backoff loop.
type Policy struct {
	Attempts int
	Initial  time.Duration
	Max      time.Duration
	// Retryable reports whether err is worth another attempt. A nil
	// Retryable retries every error.
	Retryable func(error) bool
}

// Default is used by the consumers and by provider clients.
var Default = Policy{Attempts: 4, Initial: 200 * time.Millisecond, Max: 5 * time.Second}

// Permanent wraps an error that must not be retried.
type permanent struct{ err error }

func (p permanent) Error() string { return p.err.Error() }
func (p permanent) Unwrap() error { return p.err }

// Stop marks err as permanent so Do returns it immediately.
func Stop(err error) error {
	if err == nil {
		return nil
	}
	return permanent{err: err}
}

// Do calls fn until it succeeds, returns a permanent error, the policy's
// attempts are exhausted or ctx is done.
func Do[T any](ctx context.Context, p Policy, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	attempts := p.Attempts
	if attempts <= 0 {
		attempts = 1
	}
	delay := p.Initial
	var lastErr error
	for i := 0; i < attempts; i++ {
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		var perm permanent
		if errors.As(err, &perm) {
			return zero, perm.err
		}
		if p.Retryable != nil && !p.Retryable(err) {
			return zero, err
		}
		lastErr = err
		if i == attempts-1 {
			break
		}
		sleep := delay + time.Duration(rand.Int64N(int64(delay/2)+1))
		select {
		case <-ctx.Done():
			return zero, ctx.Err()
		case <-time.After(sleep):
		}
		delay *= 2
		if p.Max > 0 && delay > p.Max {
			delay = p.Max
		}
	}
	return zero, lastErr
}

// Run is Do for functions that only return an error.
func Run(ctx context.Context, p Policy, fn func(context.Context) error) error {
	_, err := Do(ctx, p, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	})
	return err
}
