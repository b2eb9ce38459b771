// Package retrypolicy holds the retry-go settings shared by provider clients.
package retrypolicy

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
)

// Transient marks an error that is worth another try (5xx, timeouts, 429).
type Transient struct{ Err error }

func (t Transient) Error() string { return t.Err.Error() }
func (t Transient) Unwrap() error { return t.Err }

// IsTransient reports whether err, or something it wraps, is Transient.
func IsTransient(err error) bool {
	var t Transient
	return errors.As(err, &t)
}

// Options are the defaults for calls to an outside provider.
func Options(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(4),
		retry.Delay(200 * time.Millisecond),
		retry.MaxDelay(3 * time.Second),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(IsTransient),
	}
}

// Call runs fn under the shared policy and returns its value.
func Call[T any](ctx context.Context, fn func() (T, error), extra ...retry.Option) (T, error) {
	opts := append(Options(ctx), extra...)
	return retry.DoWithData(fn, opts...)
}
