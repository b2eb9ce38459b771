// Package store owns the connection pool and transaction boundaries.
package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lumen-gift/giftcards/internal/db"
)

// TxFunc runs inside a transaction. q is bound to tx; tx is exposed so that
// callers can enqueue river jobs atomically with their writes.
type TxFunc func(ctx context.Context, q *db.Queries, tx pgx.Tx) error

// Store is the only place that begins transactions.
type Store struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

func New(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, q: db.New(pool)}
}

// Q returns queries that run directly on the pool (autocommit).
func (s *Store) Q() *db.Queries { return s.q }

func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// InTx runs fn in a read-committed transaction and commits if fn returns nil.
func (s *Store) InTx(ctx context.Context, fn TxFunc) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := fn(ctx, s.q.WithTx(tx), tx); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// IsNotFound reports whether err is a no-rows result.
func IsNotFound(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

// IsUniqueViolation reports whether err is a unique_violation (23505).
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// Ptr is a small helper for nullable columns.
func Ptr[T any](v T) *T { return &v }

// PtrOrNil returns nil for the zero value so optional strings map to NULL.
func PtrOrNil[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}
