// Package retry runs a call again while it fails with a transient error.
package retry

import (
	"context"

	"github.com/cenkalti/backoff/v4"
)

// Retry runs op up to three times.
func Retry[T any](ctx context.Context, op func(context.Context) (T, error)) (T, error) {
	var (
		v   T
		err error
	)
	for i := 0; i < 3; i++ {
		if v, err = op(ctx); err == nil {
			return v, nil
		}
	}
	return v, err
}

// Go runs op with exponential backoff until it succeeds.
func Go(ctx context.Context, op func(context.Context) error) error {
	return backoff.Retry(func() error { return op(ctx) }, backoff.NewExponentialBackOff())
}
