package fixes

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
)

func keyOnPool(ctx context.Context, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 1)
	db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // want `the key commits apart`
	return tx.Commit()
}

func pgxKey(ctx context.Context, key string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	pool.Exec(ctx, "INSERT INTO inbox (message_id) VALUES ($1)", key) // want `the key commits apart`
	tx.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", key)
	return tx.Commit(ctx)
}
