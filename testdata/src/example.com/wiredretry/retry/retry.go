// Package retry runs outbound calls again when they fail.
package retry

import (
	"context"

	"github.com/cenkalti/backoff/v5"
)

// Do runs op until it succeeds or the attempts run out.
func Do[T any](ctx context.Context, op func() (T, error)) (T, error) {
	return backoff.Retry(ctx, op)
}
