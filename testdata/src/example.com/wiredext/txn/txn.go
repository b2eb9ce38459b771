// Package txn runs functions that produce a value in a transaction.
package txn

import (
	"context"

	"example.com/wiredext/db"
)

// Runner runs functions in transactions.
type Runner interface {
	InTx(ctx context.Context, fn func(q db.Ext) error) error
}

// Run is InTx for functions that produce a value.
func Run[T any](ctx context.Context, r Runner, fn func(q db.Ext) (T, error)) (T, error) {
	var out T
	err := r.InTx(ctx, func(q db.Ext) error {
		v, err := fn(q)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
