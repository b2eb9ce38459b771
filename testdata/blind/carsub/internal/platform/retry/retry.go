// Package retry holds the retry policies shared by provider calls and
// consumers. It is a thin layer over retry-go so policies stay consistent.
package retry

import (
	"context"
	"errors"
	"log/slog"
	"time"

	retrygo "github.com/avast/retry-go/v4"
)

// Transient is implemented by errors that say whether repeating the call
// may succeed (timeouts, 5xx, 429).
type Transient interface {
	Temporary() bool
}

// IsTransient reports whether err is worth another attempt.
func IsTransient(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var t Transient
	if errors.As(err, &t) {
		return t.Temporary()
	}
	return false
}

// Policy describes how often and how patiently to retry.
type Policy struct {
	Attempts uint
	Delay    time.Duration
	MaxDelay time.Duration
}

// ProviderCalls is used around outbound HTTP calls to partners.
var ProviderCalls = Policy{Attempts: 4, Delay: 300 * time.Millisecond, MaxDelay: 5 * time.Second}

// Handlers is used by consumers around a single message.
var Handlers = Policy{Attempts: 5, Delay: time.Second, MaxDelay: 30 * time.Second}

// Options turns a policy into retry-go options bound to ctx.
func (p Policy) Options(ctx context.Context, log *slog.Logger, op string) []retrygo.Option {
	return []retrygo.Option{
		retrygo.Context(ctx),
		retrygo.Attempts(p.Attempts),
		retrygo.Delay(p.Delay),
		retrygo.MaxDelay(p.MaxDelay),
		retrygo.DelayType(retrygo.CombineDelay(retrygo.BackOffDelay, retrygo.RandomDelay)),
		retrygo.MaxJitter(p.Delay),
		retrygo.LastErrorOnly(true),
		retrygo.RetryIf(IsTransient),
		retrygo.OnRetry(func(n uint, err error) {
			if log != nil {
				log.Warn("retrying", "op", op, "attempt", n+1, "err", err)
			}
		}),
	}
}

// Do runs fn under the policy.
func Do(ctx context.Context, p Policy, log *slog.Logger, op string, fn func() error) error {
	return retrygo.Do(fn, p.Options(ctx, log, op)...)
}

// DoValue is Do for calls that return a value.
func DoValue[T any](ctx context.Context, p Policy, log *slog.Logger, op string, fn func() (T, error)) (T, error) {
	return retrygo.DoWithData(fn, p.Options(ctx, log, op)...)
}
