// Package retry wraps cenkalti/backoff for provider calls.
package retry

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy configures exponential backoff for a provider client.
type Policy struct {
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsedTime  time.Duration
	MaxRetries      uint64
}

// DefaultPolicy is a short policy suited to synchronous request paths.
var DefaultPolicy = Policy{
	InitialInterval: 200 * time.Millisecond,
	MaxInterval:     2 * time.Second,
	MaxElapsedTime:  10 * time.Second,
	MaxRetries:      4,
}

func (p Policy) backoff(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	if p.InitialInterval > 0 {
		eb.InitialInterval = p.InitialInterval
	}
	if p.MaxInterval > 0 {
		eb.MaxInterval = p.MaxInterval
	}
	eb.MaxElapsedTime = p.MaxElapsedTime
	return backoff.WithContext(backoff.WithMaxRetries(eb, p.MaxRetries), ctx)
}

// Do runs op until it succeeds, returns a permanent error, or the policy
// is exhausted.
func Do[T any](ctx context.Context, p Policy, op func() (T, error)) (T, error) {
	return backoff.RetryWithData(op, p.backoff(ctx))
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error {
	return backoff.Permanent(err)
}

// StatusError is a non-2xx response from a provider.
type StatusError struct {
	Provider string
	Status   int
	Code     string
	Message  string
}

func (e *StatusError) Error() string {
	if e.Code != "" {
		return fmt.Sprintf("%s: http %d: %s: %s", e.Provider, e.Status, e.Code, e.Message)
	}
	return fmt.Sprintf("%s: http %d: %s", e.Provider, e.Status, e.Message)
}

// Retryable reports whether a response status is worth another attempt.
func Retryable(status int) bool {
	return status == http.StatusTooManyRequests || status >= 500
}

// Classify wraps err as permanent unless it is a transport error or a
// retryable status.
func Classify(err error) error {
	if err == nil {
		return nil
	}
	var se *StatusError
	if errors.As(err, &se) {
		if Retryable(se.Status) {
			return err
		}
		return Permanent(err)
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return Permanent(err)
	}
	return err
}
