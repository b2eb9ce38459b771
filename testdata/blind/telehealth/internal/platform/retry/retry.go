// Package retry wraps cenkalti/backoff with the policies used for provider
// calls.
package retry

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Policy describes how a provider call is retried.
type Policy struct {
	Initial    time.Duration
	Max        time.Duration
	MaxElapsed time.Duration
	MaxTries   uint64
}

// Provider is the default for outbound partner HTTP calls.
var Provider = Policy{Initial: 200 * time.Millisecond, Max: 3 * time.Second, MaxElapsed: 20 * time.Second, MaxTries: 5}

// Quick is used on latency-sensitive request paths.
var Quick = Policy{Initial: 100 * time.Millisecond, Max: time.Second, MaxElapsed: 4 * time.Second, MaxTries: 3}

// Forever retries until the context is cancelled.
var Forever = Policy{Initial: 500 * time.Millisecond, Max: 30 * time.Second}

func (p Policy) backOff(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	if p.Initial > 0 {
		eb.InitialInterval = p.Initial
	}
	if p.Max > 0 {
		eb.MaxInterval = p.Max
	}
	eb.MaxElapsedTime = p.MaxElapsed
	var b backoff.BackOff = eb
	if p.MaxTries > 0 {
		b = backoff.WithMaxRetries(b, p.MaxTries-1)
	}
	return backoff.WithContext(b, ctx)
}

// Do runs fn until it succeeds, returns a permanent error, or the policy
// gives up.
func Do(ctx context.Context, p Policy, fn func() error) error {
	return backoff.Retry(func() error {
		err := fn()
		if err != nil && !Retryable(err) {
			return backoff.Permanent(err)
		}
		return err
	}, p.backOff(ctx))
}

// DoValue is Do for calls that return a value.
func DoValue[T any](ctx context.Context, p Policy, fn func() (T, error)) (T, error) {
	return backoff.RetryWithData(func() (T, error) {
		v, err := fn()
		if err != nil && !Retryable(err) {
			return v, backoff.Permanent(err)
		}
		return v, err
	}, p.backOff(ctx))
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return backoff.Permanent(err) }

// StatusError is returned by provider clients for non-2xx responses.
type StatusError struct {
	Provider string
	Status   int
	Code     string
	Message  string
}

func (e *StatusError) Error() string {
	if e.Code != "" {
		return e.Provider + ": " + http.StatusText(e.Status) + " (" + e.Code + "): " + e.Message
	}
	return e.Provider + ": " + http.StatusText(e.Status) + ": " + e.Message
}

// Retryable classifies an error as transient.
func Retryable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status == http.StatusConflict || se.Status >= 500
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var pe *backoff.PermanentError
	return !errors.As(err, &pe)
}
