// Package retryx holds the retry policies shared by provider clients.
package retryx

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/avast/retry-go/v4"
)

// Transient marks an error as safe to retry.
type Transient struct{ Err error }

func (t Transient) Error() string { return t.Err.Error() }
func (t Transient) Unwrap() error { return t.Err }

// IsTransient reports whether err is worth another attempt.
func IsTransient(err error) bool {
	var t Transient
	if errors.As(err, &t) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return false
}

// Options returns the standard policy: a few quick attempts with jittered
// exponential backoff, bounded by ctx.
func Options(ctx context.Context, attempts uint) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(attempts),
		retry.Delay(200 * time.Millisecond),
		retry.MaxDelay(3 * time.Second),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.MaxJitter(250 * time.Millisecond),
		retry.RetryIf(IsTransient),
		retry.LastErrorOnly(true),
	}
}

// Do runs fn with the standard policy.
func Do[T any](ctx context.Context, attempts uint, fn func() (T, error)) (T, error) {
	return retry.DoWithData(fn, Options(ctx, attempts)...)
}
