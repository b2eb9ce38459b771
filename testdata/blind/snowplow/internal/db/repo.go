// Package db holds the small amount of glue shared by the hand-written
// repositories: a generic row mapper and error classification.
package db

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/driftline-services/snowplow/internal/tx"
)

// ErrNotFound is returned when a query that expects one row gets none.
var ErrNotFound = errors.New("db: not found")

// Repo maps query results onto T by column name. T's fields are matched with
// `db:"..."` tags. Queries run on the transaction in the context when there
// is one, otherwise on the pool.
type Repo[T any] struct {
	Pool *pgxpool.Pool
}

// NewRepo returns a Repo over pool.
func NewRepo[T any](pool *pgxpool.Pool) Repo[T] {
	return Repo[T]{Pool: pool}
}

// Conn returns the handle queries should run on for ctx.
func (r Repo[T]) Conn(ctx context.Context) tx.DBTX {
	return tx.Conn(ctx, r.Pool)
}

// One runs sql and scans exactly one row.
func (r Repo[T]) One(ctx context.Context, sql string, args ...any) (T, error) {
	rows, err := r.Conn(ctx).Query(ctx, sql, args...)
	if err != nil {
		var zero T
		return zero, err
	}
	v, err := pgx.CollectOneRow(rows, pgx.RowToStructByName[T])
	if errors.Is(err, pgx.ErrNoRows) {
		return v, ErrNotFound
	}
	return v, err
}

// Maybe is like One but reports absence with ok=false instead of an error.
func (r Repo[T]) Maybe(ctx context.Context, sql string, args ...any) (T, bool, error) {
	v, err := r.One(ctx, sql, args...)
	if errors.Is(err, ErrNotFound) {
		return v, false, nil
	}
	return v, err == nil, err
}

// Many runs sql and scans every row.
func (r Repo[T]) Many(ctx context.Context, sql string, args ...any) ([]T, error) {
	rows, err := r.Conn(ctx).Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[T])
}

// Exec runs a statement and returns the number of rows it touched.
func (r Repo[T]) Exec(ctx context.Context, sql string, args ...any) (int64, error) {
	tag, err := r.Conn(ctx).Exec(ctx, sql, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation,
// optionally restricted to one constraint.
func IsUniqueViolation(err error, constraint string) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" {
		return false
	}
	return constraint == "" || pgErr.ConstraintName == constraint
}
