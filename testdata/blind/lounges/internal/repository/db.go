// Package repository implements persistence on PostgreSQL with sqlx.
package repository

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/aerolounge/loungepass/internal/domain"
)

// Open connects to PostgreSQL through lib/pq and sizes the pool.
func Open(ctx context.Context, dsn string) (*sqlx.DB, error) {
	db, err := sqlx.ConnectContext(ctx, "postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("connect postgres: %w", err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(10)
	return db, nil
}

// queryer is satisfied by both *sqlx.DB and *sqlx.Tx.
type queryer interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// withTx runs fn in a transaction and commits when fn returns nil.
func withTx[T any](ctx context.Context, db *sqlx.DB, fn func(tx *sqlx.Tx) (T, error)) (T, error) {
	var zero T
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return zero, fmt.Errorf("begin: %w", err)
	}
	out, err := fn(tx)
	if err != nil {
		_ = tx.Rollback()
		return zero, err
	}
	if err := tx.Commit(); err != nil {
		return zero, fmt.Errorf("commit: %w", err)
	}
	return out, nil
}

// inTx is withTx for callbacks that only return an error.
func inTx(ctx context.Context, db *sqlx.DB, fn func(tx *sqlx.Tx) error) error {
	_, err := withTx(ctx, db, func(tx *sqlx.Tx) (struct{}, error) {
		return struct{}{}, fn(tx)
	})
	return err
}

// getOne loads a single row into T, mapping sql.ErrNoRows to domain.ErrNotFound.
func getOne[T any](ctx context.Context, q queryer, query string, args ...any) (T, error) {
	var out T
	if err := q.GetContext(ctx, &out, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return out, domain.ErrNotFound
		}
		return out, err
	}
	return out, nil
}

func selectMany[T any](ctx context.Context, q queryer, query string, args ...any) ([]T, error) {
	var out []T
	if err := q.SelectContext(ctx, &out, query, args...); err != nil {
		return nil, err
	}
	return out, nil
}

// insertOrGet runs an INSERT ... ON CONFLICT DO NOTHING RETURNING * and, when
// the row already existed, loads it with lookup. created reports which path
// was taken.
func insertOrGet[T any](ctx context.Context, q queryer, insert string, insertArgs []any, lookup string, lookupArgs ...any) (row T, created bool, err error) {
	row, err = getOne[T](ctx, q, insert, insertArgs...)
	if err == nil {
		return row, true, nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return row, false, err
	}
	row, err = getOne[T](ctx, q, lookup, lookupArgs...)
	return row, false, err
}

// execAffected runs a statement and returns the number of affected rows.
func execAffected(ctx context.Context, q sqlx.ExecerContext, query string, args ...any) (int64, error) {
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// isUniqueViolation reports whether err is a PostgreSQL unique_violation,
// optionally on the named constraint.
func isUniqueViolation(err error, constraint string) bool {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "23505" {
		return false
	}
	return constraint == "" || pqErr.Constraint == constraint
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

func isNotFound(err error) bool { return errors.Is(err, domain.ErrNotFound) }
