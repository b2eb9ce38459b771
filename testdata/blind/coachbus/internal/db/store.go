package db

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store bundles the generated queries with the pool they run on so callers
// can either use the autocommit methods directly or open a transaction.
type Store struct {
	*Queries
	pool *pgxpool.Pool
}

// NewStore wraps a pool.
func NewStore(pool *pgxpool.Pool) *Store {
	return &Store{Queries: New(pool), pool: pool}
}

// Pool exposes the underlying pool for libraries that need it (river).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// TxFunc is the body of a transaction. q is already bound to tx; tx is passed
// for libraries that enlist in the same transaction (river InsertTx).
type TxFunc func(ctx context.Context, tx pgx.Tx, q *Queries) error

// InTx runs fn inside a transaction, committing when fn returns nil.
func (s *Store) InTx(ctx context.Context, fn TxFunc) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return fn(ctx, tx, s.WithTx(tx))
	})
}

// IsNotFound reports whether err is a no-rows result.
func IsNotFound(err error) bool {
	return errors.Is(err, pgx.ErrNoRows)
}

// IsUniqueViolation reports whether err is a unique_violation (23505).
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
