// Package xretrypolicy is a program's own retry helper: it runs the
// operation it is given until it succeeds, under backoff.
package xretrypolicy

import (
	"context"

	"github.com/cenkalti/backoff/v4"
)

// Do runs op until it succeeds or the backoff gives up.
func Do[T any](ctx context.Context, op func(context.Context) (T, error)) (T, error) {
	return backoff.RetryWithData(func() (T, error) {
		return op(ctx)
	}, backoff.NewExponentialBackOff())
}
