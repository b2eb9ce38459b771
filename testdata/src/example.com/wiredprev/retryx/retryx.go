// Package retryx runs an operation again while it fails.
package retryx

import (
	"context"

	"github.com/cenkalti/backoff/v4"
)

// Do runs op with backoff, through DoWith.
func Do(ctx context.Context, op func() error) error {
	return DoWith(ctx, backoff.NewExponentialBackOff(), op)
}

// DoWith runs op with the policy it is given until it succeeds.
func DoWith(ctx context.Context, b backoff.BackOff, op func() error) error {
	return backoff.Retry(func() error { return op() }, backoff.WithContext(b, ctx))
}

// Value runs op until it succeeds and returns what it returned.
func Value[T any](ctx context.Context, op func() (T, error)) (T, error) {
	var v T
	err := Do(ctx, func() error {
		var err error
		v, err = op()
		return err
	})
	return v, err
}
