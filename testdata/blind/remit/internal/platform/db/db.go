// Package db opens the PostgreSQL pool shared by ent and the raw-SQL hot paths.
package db

import (
	"context"
	"database/sql"
	"fmt"

	entsql "entgo.io/ent/dialect/sql"

	"entgo.io/ent/dialect"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/internal/config"
)

// NewPool opens the pgx pool used by raw-SQL repositories.
func NewPool(cfg *config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("db: parse config: %w", err)
	}
	pcfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("db: open pool: %w", err)
	}
	return pool, nil
}

// NewEntClient builds an ent client on top of the same pgx pool.
func NewEntClient(pool *pgxpool.Pool) *ent.Client {
	sqldb := stdlib.OpenDBFromPool(pool)
	drv := entsql.OpenDB(dialect.Postgres, sqldb)
	return ent.NewClient(ent.Driver(drv))
}

// WithTx runs fn inside an ent transaction, rolling back on error or panic.
func WithTx(ctx context.Context, client *ent.Client, fn func(tx *ent.Tx) error) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if v := recover(); v != nil {
			_ = tx.Rollback()
			panic(v)
		}
	}()
	if err := fn(tx); err != nil {
		if rerr := tx.Rollback(); rerr != nil {
			err = fmt.Errorf("%w: rolling back transaction: %v", err, rerr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("committing transaction: %w", err)
	}
	return nil
}

// IsNoRows reports whether err is the "no rows" error an ent upsert with
// DoNothing returns when the conflicting row already existed.
func IsNoRows(err error) bool {
	return err == sql.ErrNoRows
}
