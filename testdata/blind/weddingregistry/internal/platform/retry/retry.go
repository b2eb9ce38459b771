// Package retry holds the small retry helper used by the provider clients.
// It retries transient failures (network errors, 429 and 5xx responses)
// with capped exponential backoff and full jitter.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Policy describes how often and how long to retry.
type Policy struct {
	MaxAttempts int
	BaseDelay   time.Duration
	MaxDelay    time.Duration
	// Retryable reports whether err is worth another attempt. Nil means
	// "retry everything except context cancellation and Permanent errors".
	Retryable func(error) bool
}

// DefaultPolicy is what the provider clients use unless configured otherwise.
var DefaultPolicy = Policy{
	MaxAttempts: 4,
	BaseDelay:   200 * time.Millisecond,
	MaxDelay:    3 * time.Second,
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent wraps err so that Do stops retrying and returns it.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err: err}
}

// IsPermanent reports whether err was wrapped with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// Do calls fn until it succeeds, returns a non-retryable error, the policy's
// attempts are used up, or ctx is done. The attempt number (starting at 1)
// is passed to fn.
func Do[T any](ctx context.Context, p Policy, fn func(ctx context.Context, attempt int) (T, error)) (T, error) {
	var zero T
	attempts := p.MaxAttempts
	if attempts < 1 {
		attempts = 1
	}
	var lastErr error
	for attempt := 1; attempt <= attempts; attempt++ {
		v, err := fn(ctx, attempt)
		if err == nil {
			return v, nil
		}
		lastErr = err
		if !p.shouldRetry(err) || attempt == attempts {
			break
		}
		select {
		case <-ctx.Done():
			return zero, errors.Join(lastErr, ctx.Err())
		case <-time.After(p.backoff(attempt)):
		}
	}
	var perm permanentError
	if errors.As(lastErr, &perm) {
		return zero, perm.err
	}
	return zero, lastErr
}

func (p Policy) shouldRetry(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	if IsPermanent(err) {
		return false
	}
	if p.Retryable != nil {
		return p.Retryable(err)
	}
	return true
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
	return time.Duration(rand.Int64N(int64(d) + 1))
}
