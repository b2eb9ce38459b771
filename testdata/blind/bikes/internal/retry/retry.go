// Package retry retries short operations against flaky dependencies.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Policy controls how many attempts are made and how long to wait between
// them.
type Policy struct {
	Attempts  int
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// Retryable reports whether an error is worth another attempt. A nil
	// Retryable retries every error except context cancellation.
	Retryable func(error) bool
}

// Default is used by provider clients unless they are configured otherwise.
var Default = Policy{
	Attempts:  3,
	BaseDelay: 200 * time.Millisecond,
	MaxDelay:  2 * time.Second,
}

// Permanent wraps an error that should stop the retry loop.
type Permanent struct{ Err error }

func (p *Permanent) Error() string { return p.Err.Error() }
func (p *Permanent) Unwrap() error { return p.Err }

// Stop marks err as permanent.
func Stop(err error) error {
	if err == nil {
		return nil
	}
	return &Permanent{Err: err}
}

// Retry calls fn until it succeeds, the policy gives up or ctx is done.
func Retry[T any](ctx context.Context, p Policy, fn func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	attempts := p.Attempts
	if attempts <= 0 {
		attempts = 1
	}
	var lastErr error
	for attempt := 0; attempt < attempts; attempt++ {
		if attempt > 0 {
			if err := sleep(ctx, backoff(p, attempt)); err != nil {
				return zero, errors.Join(lastErr, err)
			}
		}
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		lastErr = err
		var perm *Permanent
		if errors.As(err, &perm) {
			return zero, perm.Err
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return zero, err
		}
		if p.Retryable != nil && !p.Retryable(err) {
			return zero, err
		}
	}
	return zero, lastErr
}

// Do is Retry for functions without a result.
func Do(ctx context.Context, p Policy, fn func(ctx context.Context) error) error {
	_, err := Retry(ctx, p, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	})
	return err
}

func backoff(p Policy, attempt int) time.Duration {
	base := p.BaseDelay
	if base <= 0 {
		base = 100 * time.Millisecond
	}
	d := base << (attempt - 1)
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	jitter := time.Duration(rand.Int64N(int64(d)/4 + 1))
	return d + jitter
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
