// Package backoff is a stub of github.com/cenkalti/backoff/v5 v5.0.3 for analysistest.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type Operation[T any] func() (T, error)
type Notify func(error, time.Duration)

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
}

func NewExponentialBackOff() *ExponentialBackOff         { return &ExponentialBackOff{} }
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }
func (b *ExponentialBackOff) Reset()                     {}

type retryOptions struct{}

type RetryOption func(*retryOptions)

func WithBackOff(b BackOff) RetryOption              { return nil }
func WithNotify(n Notify) RetryOption                { return nil }
func WithMaxTries(n uint) RetryOption                { return nil }
func WithMaxElapsedTime(d time.Duration) RetryOption { return nil }

func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	var z T
	return z, nil
}

type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

func Permanent(err error) error { return &PermanentError{Err: err} }
