// Package store owns the connection pool and transaction boundaries.
package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/cyclegrid/bikeshare/internal/db"
)

// TxRunner runs fn inside a single database transaction.
type TxRunner interface {
	InTx(ctx context.Context, fn func(q db.Querier) error) error
}

// Store is the query layer plus transactions.
type Store interface {
	db.Querier
	TxRunner
}

type PgStore struct {
	*db.Queries
	pool *pgxpool.Pool
}

func New(pool *pgxpool.Pool) *PgStore {
	return &PgStore{Queries: db.New(pool), pool: pool}
}

func (s *PgStore) InTx(ctx context.Context, fn func(q db.Querier) error) error {
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		return fn(s.Queries.WithTx(tx))
	})
}

// InTxResult runs fn in a transaction and returns its value.
func InTxResult[T any](ctx context.Context, r TxRunner, fn func(q db.Querier) (T, error)) (T, error) {
	var out T
	err := r.InTx(ctx, func(q db.Querier) error {
		v, err := fn(q)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// IsNotFound reports whether err is pgx.ErrNoRows.
func IsNotFound(err error) bool {
	return errors.Is(err, pgx.ErrNoRows)
}

// IsUniqueViolation reports whether err is a unique constraint violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

var _ Store = (*PgStore)(nil)
