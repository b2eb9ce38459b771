// Package once runs work once per key: it claims the key in the work's
// transaction and runs the work only when the claim takes.
package once

import (
	"context"

	"example.com/wiredfields/payouts"
)

// Run claims key and runs fn in the claim's transaction.
func Run[T any](ctx context.Context, uow payouts.UnitOfWork, key string, fn func(ctx context.Context, r payouts.Repos) (T, error)) (T, error) {
	var out T
	err := uow.Do(ctx, func(ctx context.Context, r payouts.Repos) error {
		claimed, err := r.Keys().Claim(ctx, key)
		if err != nil || !claimed {
			return err
		}
		v, err := fn(ctx, r)
		out = v
		return err
	})
	return out, err
}
