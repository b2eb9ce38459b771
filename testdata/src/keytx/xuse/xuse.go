package xuse

import (
	"context"
	"database/sql"

	"keytx/xtx"
)

var db *sql.DB

// The key on the pool, the effect in another package's transaction helper.
func pay(ctx context.Context, key string) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil { // want `records the key without its effect`
		return err
	}
	return xtx.WithTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO payments (amount) VALUES ($1)", 1)
		return err
	})
}

// Negative: both in the helper's transaction.
func payOnce(ctx context.Context, key string) error {
	return xtx.WithTx(ctx, db, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO payments (amount) VALUES ($1)", 1)
		return err
	})
}

// Negative: the helper claims the key in the transaction it runs the
// effect in.
func payClaimed(ctx context.Context, key string) error {
	return xtx.Once(ctx, db, key, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO payments (amount) VALUES ($1)", 1)
		return err
	})
}
