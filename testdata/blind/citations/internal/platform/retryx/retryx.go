// Package retryx wraps avast/retry-go with the defaults the provider
// clients share: a handful of attempts, jittered backoff, and no retries on
// errors the remote side has classified as permanent.
package retryx

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/avast/retry-go/v4"
)

// Permanent marks an error that must not be retried.
type Permanent struct{ Err error }

func (p *Permanent) Error() string { return p.Err.Error() }
func (p *Permanent) Unwrap() error { return p.Err }

// MarkPermanent wraps err so Do stops retrying.
func MarkPermanent(err error) error {
	if err == nil {
		return nil
	}
	return &Permanent{Err: err}
}

// Policy is the retry policy for one call site.
type Policy struct {
	Attempts uint
	Delay    time.Duration
	MaxDelay time.Duration
}

// Default is used by the provider clients for reads and keyed writes.
var Default = Policy{Attempts: 4, Delay: 200 * time.Millisecond, MaxDelay: 3 * time.Second}

func (p Policy) options(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(p.Attempts),
		retry.Delay(p.Delay),
		retry.MaxDelay(p.MaxDelay),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.LastErrorOnly(true),
		retry.RetryIf(Retryable),
	}
}

// Do runs fn under the policy and returns its value.
func Do[T any](ctx context.Context, p Policy, fn func(context.Context) (T, error)) (T, error) {
	return retry.DoWithData(func() (T, error) { return fn(ctx) }, p.options(ctx)...)
}

// Run is Do for calls without a result.
func Run(ctx context.Context, p Policy, fn func(context.Context) error) error {
	return retry.Do(func() error { return fn(ctx) }, p.options(ctx)...)
}

// Retryable reports whether err is worth another attempt.
func Retryable(err error) bool {
	if err == nil {
		return false
	}
	var perm *Permanent
	if errors.As(err, &perm) {
		return false
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var st interface{ StatusCode() int }
	if errors.As(err, &st) {
		code := st.StatusCode()
		return code == 429 || code >= 500
	}
	return true
}
