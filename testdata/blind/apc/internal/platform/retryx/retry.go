// Package retryx holds the retry policy shared by every outbound provider
// call, built on avast/retry-go.
package retryx

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/avast/retry-go/v4"
)

// Retryable is implemented by provider errors that know whether the call
// may be repeated (5xx, 429, connection resets).
type Retryable interface {
	Retryable() bool
}

// IsTransient reports whether err is worth another attempt.
func IsTransient(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	var r Retryable
	if errors.As(err, &r) {
		return r.Retryable()
	}
	var nerr net.Error
	if errors.As(err, &nerr) {
		return true
	}
	return errors.Is(err, context.DeadlineExceeded)
}

func defaults(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(4),
		retry.Delay(250 * time.Millisecond),
		retry.MaxDelay(4 * time.Second),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.MaxJitter(200 * time.Millisecond),
		retry.RetryIf(IsTransient),
		retry.LastErrorOnly(true),
	}
}

// Do runs fn under the default policy. Extra options override defaults.
func Do(ctx context.Context, fn func() error, opts ...retry.Option) error {
	return retry.Do(fn, append(defaults(ctx), opts...)...)
}

// Value is Do for calls that return a result.
func Value[T any](ctx context.Context, fn func() (T, error), opts ...retry.Option) (T, error) {
	return retry.DoWithData(fn, append(defaults(ctx), opts...)...)
}
