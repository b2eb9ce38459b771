// Package pg implements the repository interfaces on PostgreSQL with sqlx.
package pg

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jmoiron/sqlx"

	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/txctx"
)

// store is the shared helper behind every repository: it runs statements on
// the transaction in the context, or on the pool, and maps driver errors.
type store[T any] struct {
	db    *sqlx.DB
	table string
}

func newStore[T any](db *sqlx.DB, table string) store[T] {
	return store[T]{db: db, table: table}
}

func (s store[T]) q(ctx context.Context) txctx.Querier {
	return txctx.Q(ctx, s.db)
}

func (s store[T]) get(ctx context.Context, query string, args ...any) (T, error) {
	var out T
	if err := s.q(ctx).GetContext(ctx, &out, query, args...); err != nil {
		return out, s.wrap(err)
	}
	return out, nil
}

// getFound is get for callers that treat "no row" as a normal outcome.
func (s store[T]) getFound(ctx context.Context, query string, args ...any) (T, bool, error) {
	out, err := s.get(ctx, query, args...)
	if errors.Is(err, repository.ErrNotFound) {
		return out, false, nil
	}
	return out, err == nil, err
}

func (s store[T]) list(ctx context.Context, query string, args ...any) ([]T, error) {
	var out []T
	if err := s.q(ctx).SelectContext(ctx, &out, query, args...); err != nil {
		return nil, s.wrap(err)
	}
	return out, nil
}

func (s store[T]) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := s.q(ctx).ExecContext(ctx, query, args...)
	if err != nil {
		return 0, s.wrap(err)
	}
	return res.RowsAffected()
}

func (s store[T]) insert(ctx context.Context, query string, row T) error {
	if _, err := sqlx.NamedExecContext(ctx, s.q(ctx), query, row); err != nil {
		return s.wrap(err)
	}
	return nil
}

func (s store[T]) wrap(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", s.table, repository.ErrNotFound)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return fmt.Errorf("%s: %s: %w", s.table, pgErr.ConstraintName, repository.ErrConflict)
	}
	return fmt.Errorf("%s: %w", s.table, err)
}
