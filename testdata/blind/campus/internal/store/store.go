// Package store opens the Postgres pool and runs sqlc queries inside
// transactions.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver

	"github.com/quadhall/housing/internal/db"
)

// Config is the database configuration.
type Config struct {
	URL          string
	MaxOpenConns int
	MaxIdleConns int
}

// Open opens and pings the database pool.
func Open(ctx context.Context, cfg Config) (*sql.DB, func(), error) {
	pool, err := sql.Open("pgx", cfg.URL)
	if err != nil {
		return nil, nil, fmt.Errorf("open db: %w", err)
	}
	pool.SetMaxOpenConns(max(cfg.MaxOpenConns, 4))
	pool.SetMaxIdleConns(max(cfg.MaxIdleConns, 2))
	pool.SetConnMaxIdleTime(5 * time.Minute)
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.PingContext(pctx); err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("ping db: %w", err)
	}
	return pool, func() { _ = pool.Close() }, nil
}

// TxFunc runs inside a transaction. q is bound to tx; tx is exposed so the
// caller can enqueue River jobs in the same transaction.
type TxFunc func(ctx context.Context, tx *sql.Tx, q db.Querier) error

// Transactor runs functions in a transaction.
type Transactor interface {
	InTx(ctx context.Context, fn TxFunc) error
}

// Store bundles the pool-level Querier with transaction support.
type Store struct {
	*db.Queries
	pool *sql.DB
}

// New returns a Store over pool.
func New(pool *sql.DB) *Store {
	return &Store{Queries: db.New(pool), pool: pool}
}

// Querier exposes the autocommit query set.
func (s *Store) Querier() db.Querier { return s.Queries }

// InTx runs fn in a read-committed transaction, committing if fn returns
// nil and rolling back otherwise.
func (s *Store) InTx(ctx context.Context, fn TxFunc) (err error) {
	tx, err := s.pool.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(ctx, tx, s.Queries.WithTx(tx)); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// IsNotFound reports whether err is sql.ErrNoRows.
func IsNotFound(err error) bool { return errors.Is(err, sql.ErrNoRows) }

var _ Transactor = (*Store)(nil)
