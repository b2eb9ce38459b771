package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pawtrail-labs/pawtrail/internal/pg"
)

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("store: not found")

// Base is embedded by every repository. It resolves the executor for a
// call (the unit-of-work transaction if one is open, otherwise the pool)
// and normalises "no rows" for single-row lookups of T.
type Base[T any] struct {
	pool *pgxpool.Pool
}

func NewBase[T any](pool *pgxpool.Pool) Base[T] {
	return Base[T]{pool: pool}
}

// Q returns the query set bound to the current executor.
func (b Base[T]) Q(ctx context.Context) *Queries {
	return New(pg.Conn(ctx, b.pool))
}

// Pool exposes the underlying pool for statements that must not join the
// caller's transaction.
func (b Base[T]) Pool() *pgxpool.Pool { return b.pool }

// One runs fetch against the current executor and maps pgx.ErrNoRows.
func (b Base[T]) One(ctx context.Context, fetch func(context.Context, *Queries) (T, error)) (T, error) {
	v, err := fetch(ctx, b.Q(ctx))
	if errors.Is(err, pgx.ErrNoRows) {
		var zero T
		return zero, ErrNotFound
	}
	return v, err
}

// Many runs fetch against the current executor.
func (b Base[T]) Many(ctx context.Context, fetch func(context.Context, *Queries) ([]T, error)) ([]T, error) {
	return fetch(ctx, b.Q(ctx))
}

func collectOne[T any](rows pgx.Rows, err error) (T, error) {
	if err != nil {
		var zero T
		return zero, err
	}
	return pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[T])
}

func collectAll[T any](rows pgx.Rows, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[T])
}
