// Package postgres implements washclub's repositories on PostgreSQL using
// sqlx over the pgx stdlib driver. Repository methods take a sqlx.ExtContext
// so callers decide whether a statement runs on the pool or inside a
// transaction opened with platform.WithTx.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/config"
	"github.com/brightbay/washclub/internal/domain"
)

// Open connects to Postgres and verifies the connection.
func Open(cfg config.Config) (*sqlx.DB, error) {
	db, err := sqlx.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	db.SetMaxOpenConns(cfg.DBMaxOpenConns)
	db.SetMaxIdleConns(cfg.DBMaxOpenConns / 2)
	db.SetConnMaxIdleTime(5 * time.Minute)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return db, nil
}

// get runs a single-row query, mapping sql.ErrNoRows to domain.ErrNotFound.
func get[T any](ctx context.Context, q sqlx.QueryerContext, query string, args ...any) (*T, error) {
	var out T
	if err := sqlx.GetContext(ctx, q, &out, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, domain.ErrNotFound
		}
		return nil, err
	}
	return &out, nil
}

// affected runs an Exec and reports whether any row changed.
func affected(ctx context.Context, q sqlx.ExecerContext, query string, args ...any) (bool, error) {
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}
