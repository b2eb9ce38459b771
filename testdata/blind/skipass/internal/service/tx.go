package service

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/store"
)

// withTx runs fn in a read-committed transaction and returns its result.
func withTx[T any](ctx context.Context, db *bun.DB, fn func(ctx context.Context, tx bun.Tx) (T, error)) (T, error) {
	var out T
	err := db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted}, func(ctx context.Context, tx bun.Tx) error {
		v, err := fn(ctx, tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// mapErr converts store errors into service errors.
func mapErr(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	return err
}
