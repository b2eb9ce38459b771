// Package store owns the Postgres connection pool and implements the
// unit-of-work used by the services.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/platform/txn"
)

// Config configures the pool.
type Config struct {
	DSN      string
	MaxConns int32
}

// NewPool opens and pings a pgx pool.
func NewPool(ctx context.Context, cfg Config) (*pgxpool.Pool, error) {
	pc, err := pgxpool.ParseConfig(cfg.DSN)
	if err != nil {
		return nil, fmt.Errorf("parse dsn: %w", err)
	}
	if cfg.MaxConns > 0 {
		pc.MaxConns = cfg.MaxConns
	}
	pc.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping: %w", err)
	}
	return pool, nil
}

// NewQueries returns pool-bound queries; each call runs in its own implicit
// transaction.
func NewQueries(pool *pgxpool.Pool) *db.Queries {
	return db.New(pool)
}

// UnitOfWork implements txn.UnitOfWork on a pgx pool.
type UnitOfWork struct {
	pool *pgxpool.Pool
}

// NewUnitOfWork returns a UnitOfWork over pool.
func NewUnitOfWork(pool *pgxpool.Pool) *UnitOfWork {
	return &UnitOfWork{pool: pool}
}

// Do runs fn in a transaction. If ctx already carries a transaction, fn joins
// it instead of opening a new one.
func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, q db.Querier) error) error {
	if tx, ok := txn.From(ctx); ok {
		return fn(ctx, db.New(tx))
	}
	return pgx.BeginFunc(ctx, u.pool, func(tx pgx.Tx) error {
		return fn(txn.WithTx(ctx, tx), db.New(u.pool).WithTx(tx))
	})
}

var _ txn.UnitOfWork = (*UnitOfWork)(nil)

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// IsNotFound reports whether err means a :one query found no row.
func IsNotFound(err error) bool {
	return errors.Is(err, pgx.ErrNoRows)
}
