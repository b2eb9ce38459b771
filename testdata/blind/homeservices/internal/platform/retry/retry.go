// Package retry wraps outbound calls with retry-go using a shared policy.
package retry

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"time"

	retrygo "github.com/avast/retry-go/v4"
)

// Policy configures how an outbound call is retried in-process.
type Policy struct {
	Attempts uint
	Delay    time.Duration
	MaxDelay time.Duration
	// Retryable decides whether err is worth another attempt. When nil,
	// network errors and errors marked Temporary are retried.
	Retryable func(error) bool
}

// DefaultPolicy is used by the provider clients unless overridden.
func DefaultPolicy() Policy {
	return Policy{Attempts: 4, Delay: 200 * time.Millisecond, MaxDelay: 3 * time.Second}
}

// Temporary marks an error as retryable.
type Temporary interface{ Temporary() bool }

// IsTransient is the default Retryable.
func IsTransient(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var t Temporary
	if errors.As(err, &t) {
		return t.Temporary()
	}
	var ne net.Error
	return errors.As(err, &ne)
}

func (p Policy) options(ctx context.Context, op string) []retrygo.Option {
	retryable := p.Retryable
	if retryable == nil {
		retryable = IsTransient
	}
	attempts := p.Attempts
	if attempts == 0 {
		attempts = 1
	}
	return []retrygo.Option{
		retrygo.Context(ctx),
		retrygo.Attempts(attempts),
		retrygo.Delay(p.Delay),
		retrygo.MaxDelay(p.MaxDelay),
		retrygo.DelayType(retrygo.CombineDelay(retrygo.BackOffDelay, retrygo.RandomDelay)),
		retrygo.MaxJitter(p.Delay),
		retrygo.LastErrorOnly(true),
		retrygo.RetryIf(retryable),
		retrygo.OnRetry(func(n uint, err error) {
			slog.WarnContext(ctx, "retrying outbound call", "op", op, "attempt", n+1, "err", err)
		}),
	}
}

// Do runs fn under the policy.
func Do(ctx context.Context, p Policy, op string, fn func(context.Context) error) error {
	return retrygo.Do(func() error { return fn(ctx) }, p.options(ctx, op)...)
}

// DoValue runs fn under the policy and returns its value.
func DoValue[T any](ctx context.Context, p Policy, op string, fn func(context.Context) (T, error)) (T, error) {
	return retrygo.DoWithData(func() (T, error) { return fn(ctx) }, p.options(ctx, op)...)
}
