// Package backoff is a stub of github.com/cenkalti/backoff/v4 v4.3.0 for analysistest.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type BackOffContext interface {
	BackOff
	Context() context.Context
}

type Operation func() error
type OperationWithData[T any] func() (T, error)
type Notify func(error, time.Duration)

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	MaxElapsedTime      time.Duration
}

type ExponentialBackOffOpts func(*ExponentialBackOff)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	return &ExponentialBackOff{}
}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }
func (b *ExponentialBackOff) Reset()                     {}

func WithContext(b BackOff, ctx context.Context) BackOffContext { return nil }
func WithMaxRetries(b BackOff, max uint64) BackOff              { return b }

func Retry(o Operation, b BackOff) error                                { return nil }
func RetryNotify(operation Operation, b BackOff, notify Notify) error   { return nil }
func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { var z T; return z, nil }
func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	var z T
	return z, nil
}

type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

func Permanent(err error) error { return &PermanentError{Err: err} }
