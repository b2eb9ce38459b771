// Package retry wraps cenkalti/backoff with the policies the service uses
// for outbound calls.
package retry

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy describes an exponential backoff schedule.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxRetries uint64
}

// Outbound is the default for provider HTTP calls: a handful of quick
// retries that stay well inside a request deadline.
var Outbound = Policy{
	Initial:    200 * time.Millisecond,
	Max:        2 * time.Second,
	MaxElapsed: 8 * time.Second,
	MaxRetries: 4,
}

// Background is for consumers and jobs, which can afford to wait longer
// before giving the message back to the broker.
var Background = Policy{
	Initial:    500 * time.Millisecond,
	Max:        30 * time.Second,
	MaxElapsed: 2 * time.Minute,
	MaxRetries: 8,
}

func (p Policy) backOff(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff(
		backoff.WithInitialInterval(p.Initial),
		backoff.WithMaxInterval(p.Max),
		backoff.WithMaxElapsedTime(p.MaxElapsed),
	)
	var b backoff.BackOff = eb
	if p.MaxRetries > 0 {
		b = backoff.WithMaxRetries(b, p.MaxRetries)
	}
	return backoff.WithContext(b, ctx)
}

// Do runs op until it succeeds, returns a permanent error, or the policy
// gives up. The last error is returned.
func Do[T any](ctx context.Context, p Policy, op func(context.Context) (T, error)) (T, error) {
	return backoff.RetryWithData(func() (T, error) {
		return op(ctx)
	}, p.backOff(ctx))
}

// Run is Do for operations without a result.
func Run(ctx context.Context, p Policy, op func(context.Context) error, notify func(error, time.Duration)) error {
	return backoff.RetryNotify(func() error { return op(ctx) }, p.backOff(ctx), notify)
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return backoff.Permanent(err) }

// RetryableStatus reports whether an HTTP status is worth another try.
func RetryableStatus(code int) bool {
	switch {
	case code == http.StatusTooManyRequests, code == http.StatusConflict:
		return true
	case code >= 500:
		return true
	}
	return false
}

// Transient reports whether err looks like a network hiccup.
func Transient(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) {
		return ne.Timeout()
	}
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, net.ErrClosed)
}
