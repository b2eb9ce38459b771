// Package retry is a stub of github.com/sethvargo/go-retry v0.5.0 for analysistest.
package retry

import (
	"context"
	"time"
)

type Backoff interface {
	Next() (next time.Duration, stop bool)
}

type BackoffFunc func() (time.Duration, bool)

func (b BackoffFunc) Next() (time.Duration, bool) { return b() }

type RetryFunc func(ctx context.Context) error
type RetryFuncValue[T any] func(ctx context.Context) (T, error)

func Do(ctx context.Context, b Backoff, f RetryFunc) error { return nil }
func DoValue[T any](ctx context.Context, b Backoff, f RetryFuncValue[T]) (T, error) {
	var z T
	return z, nil
}

func RetryableError(err error) error { return err }

func NewConstant(t time.Duration) Backoff                         { return nil }
func NewExponential(base time.Duration) Backoff                   { return nil }
func NewFibonacci(base time.Duration) Backoff                     { return nil }
func WithMaxRetries(max uint64, next Backoff) Backoff             { return next }
func WithCappedDuration(cap time.Duration, next Backoff) Backoff  { return next }
func WithMaxDuration(timeout time.Duration, next Backoff) Backoff { return next }
func WithJitter(j time.Duration, next Backoff) Backoff            { return next }
