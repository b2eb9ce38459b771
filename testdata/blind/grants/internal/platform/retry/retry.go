// Package retry wraps cenkalti/backoff with the defaults we use for calls to
// third-party providers.
package retry

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy configures the exponential backoff.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxRetries uint64
}

// Default is what provider clients use unless configured otherwise.
var Default = Policy{
	Initial:    200 * time.Millisecond,
	Max:        5 * time.Second,
	MaxElapsed: 30 * time.Second,
	MaxRetries: 4,
}

func (p Policy) backoff(ctx context.Context) backoff.BackOff {
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

// Do runs op until it succeeds, returns a permanent error, or the policy is
// exhausted.
func Do(ctx context.Context, p Policy, op func() error) error {
	return backoff.Retry(op, p.backoff(ctx))
}

// DoValue is Do for operations that return a value.
func DoValue[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(op, p.backoff(ctx))
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return backoff.Permanent(err) }

// StatusError is returned by HTTP provider clients for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return "provider returned " + http.StatusText(e.Status) + ": " + e.Body
}

// ClassifyHTTP turns 4xx (other than 408/409/429) into permanent errors so
// the backoff loop gives up immediately.
func ClassifyHTTP(err error) error {
	var se *StatusError
	if errors.As(err, &se) {
		switch {
		case se.Status == http.StatusRequestTimeout,
			se.Status == http.StatusConflict,
			se.Status == http.StatusTooManyRequests,
			se.Status >= 500:
			return err
		default:
			return backoff.Permanent(err)
		}
	}
	return err
}
