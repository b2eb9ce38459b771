// Package store owns the Postgres pool and the transaction helpers on top
// of the sqlc-generated queries.
package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/db"
)

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("not found")

// Store bundles the pool with the generated queries. Methods of the
// embedded Queries run outside any transaction; use InTx for units of work.
type Store struct {
	*db.Queries
	pool *pgxpool.Pool
}

func New(pool *pgxpool.Pool) *Store {
	return &Store{Queries: db.New(pool), pool: pool}
}

// NewPool opens the connection pool. The returned cleanup closes it.
func NewPool(ctx context.Context, cfg config.Config) (*pgxpool.Pool, func(), error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("store: parse database url: %w", err)
	}
	pcfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, nil, fmt.Errorf("store: connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("store: ping: %w", err)
	}
	return pool, pool.Close, nil
}

// InTx runs fn inside a transaction and commits when fn returns nil.
func (s *Store) InTx(ctx context.Context, fn func(q *db.Queries) error) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := fn(s.Queries.WithTx(tx)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// InTxResult is InTx for units of work that produce a value.
func InTxResult[T any](ctx context.Context, s *Store, fn func(q *db.Queries) (T, error)) (T, error) {
	var out T
	err := s.InTx(ctx, func(q *db.Queries) error {
		v, err := fn(q)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// NoRows reports whether err is the pgx "no rows" sentinel.
func NoRows(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// Optional maps pgx.ErrNoRows to (zero, false, nil).
func Optional[T any](v T, err error) (T, bool, error) {
	if err != nil {
		if NoRows(err) {
			var zero T
			return zero, false, nil
		}
		return v, false, err
	}
	return v, true, nil
}
