// Package retry is a stub of github.com/avast/retry-go/v4 v4.7.0 for analysistest.
package retry

import (
	"context"
	"time"
)

type RetryableFunc func() error
type RetryableFuncWithData[T any] func() (T, error)

type Config struct{}

type Option func(*Config)

type RetryIfFunc func(error) bool
type OnRetryFunc func(attempt uint, err error)

func Do(retryableFunc RetryableFunc, opts ...Option) error { return nil }
func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	var z T
	return z, nil
}

func Attempts(attempts uint) Option           { return nil }
func Delay(delay time.Duration) Option        { return nil }
func Context(ctx context.Context) Option      { return nil }
func RetryIf(retryIf RetryIfFunc) Option      { return nil }
func OnRetry(onRetry OnRetryFunc) Option      { return nil }
func LastErrorOnly(lastErrorOnly bool) Option { return nil }
func Unrecoverable(err error) error           { return err }
