// Package retry runs an operation again on transient failure.
package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type Policy struct {
	Attempts  int
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// Retryable decides whether err is worth another attempt. Nil retries
	// every error.
	Retryable func(error) bool
}

// Temporary matches errors that expose Temporary() bool.
func Temporary(err error) bool {
	var t interface{ Temporary() bool }
	if errors.As(err, &t) {
		return t.Temporary()
	}
	return errors.Is(err, context.DeadlineExceeded)
}

func (p Policy) delay(attempt int) time.Duration {
	d := p.BaseDelay << attempt
	if p.MaxDelay > 0 && d > p.MaxDelay {
		d = p.MaxDelay
	}
	if d <= 0 {
		return 0
	}
	return d/2 + rand.N(d/2+1)
}

// Do calls fn until it succeeds, returns a non-retryable error, or the
// policy's attempts are used up.
func Do(ctx context.Context, p Policy, fn func(context.Context) error) error {
	attempts := p.Attempts
	if attempts <= 0 {
		attempts = 1
	}
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		if p.Retryable != nil && !p.Retryable(err) {
			return err
		}
		if i == attempts-1 {
			break
		}
		t := time.NewTimer(p.delay(i))
		select {
		case <-ctx.Done():
			t.Stop()
			return errors.Join(err, ctx.Err())
		case <-t.C:
		}
	}
	return err
}

// Value is Do for operations that produce a result.
func Value[T any](ctx context.Context, p Policy, fn func(context.Context) (T, error)) (T, error) {
	var out T
	err := Do(ctx, p, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
