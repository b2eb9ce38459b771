// Package postgres implements the core repositories on PostgreSQL via sqlx.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/config"
	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

// DB wraps the pool and provides the transaction helper.
type DB struct {
	*sqlx.DB
	log *slog.Logger
}

// Open connects to PostgreSQL and configures the pool.
func Open(cfg config.Config, log *slog.Logger) (*DB, error) {
	db, err := sqlx.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	db.SetMaxOpenConns(cfg.DatabaseMaxConns)
	db.SetMaxIdleConns(cfg.DatabaseMaxConns / 2)
	db.SetConnMaxLifetime(30 * time.Minute)
	return &DB{DB: db, log: log.With("component", "postgres")}, nil
}

// Reader returns a non-transactional querier.
func (d *DB) Reader() ports.Querier { return d.DB }

// WithTx runs fn in a transaction. The transaction is committed when fn
// returns nil and rolled back otherwise (including on panic).
func (d *DB) WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) (err error) {
	tx, err := d.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				d.log.ErrorContext(ctx, "rollback failed", "err", rbErr)
			}
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// notFound maps sql.ErrNoRows to domain.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

// isUniqueViolation reports whether err is a unique_violation on constraint.
func isUniqueViolation(err error, constraint string) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return false
	}
	return pgErr.Code == "23505" && (constraint == "" || pgErr.ConstraintName == constraint)
}

// get is a small generic helper for single-row lookups.
func get[T any](ctx context.Context, q ports.Querier, query string, args ...any) (*T, error) {
	var out T
	if err := q.GetContext(ctx, &out, query, args...); err != nil {
		return nil, notFound(err)
	}
	return &out, nil
}

// list is the multi-row counterpart of get.
func list[T any](ctx context.Context, q ports.Querier, query string, args ...any) ([]T, error) {
	var out []T
	if err := q.SelectContext(ctx, &out, query, args...); err != nil {
		return nil, err
	}
	return out, nil
}

// affected runs an exec and reports whether any row changed.
func affected(ctx context.Context, q ports.Querier, query string, args ...any) (bool, error) {
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
