// Package database opens the Postgres pool and provides the transaction
// helper used by every repository.
package database

import (
	"context"
	"errors"
	"fmt"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/config"
)

// DB wraps the sqlx pool.
type DB struct {
	*sqlx.DB
}

// Open connects to Postgres and registers a shutdown hook.
func Open(lc fx.Lifecycle, cfg config.Config) (*DB, error) {
	conn, err := sqlx.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("database: open: %w", err)
	}
	conn.SetMaxOpenConns(20)
	conn.SetMaxIdleConns(5)
	conn.SetConnMaxIdleTime(5 * time.Minute)

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return conn.PingContext(ctx) },
		OnStop:  func(context.Context) error { return conn.Close() },
	})
	return &DB{DB: conn}, nil
}

// WithTx runs fn inside a transaction. The transaction is committed when fn
// returns nil and rolled back otherwise.
func (db *DB) WithTx(ctx context.Context, fn func(*sqlx.Tx) error) (err error) {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("database: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, context.Canceled) {
				err = errors.Join(err, rbErr)
			}
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("database: commit: %w", err)
	}
	return nil
}

// Module provides *DB to an fx application.
var Module = fx.Module("database", fx.Provide(Open))
