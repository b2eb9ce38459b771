// Package store exposes the generated queries together with a transaction
// helper. Services depend on the narrow interfaces they need rather than on
// *sql.DB directly.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/lib/pq"

	"github.com/deskhive/coworking/internal/db"
)

// Store is the persistence surface used by services.
type Store interface {
	db.Querier
	ExecTx(ctx context.Context, fn func(q *db.Queries) error) error
}

// SQLStore implements Store on top of database/sql.
type SQLStore struct {
	*db.Queries
	pool *sql.DB
}

// New wraps a connection pool.
func New(pool *sql.DB) *SQLStore {
	return &SQLStore{Queries: db.New(pool), pool: pool}
}

// ExecTx runs fn inside a single database transaction.
func (s *SQLStore) ExecTx(ctx context.Context, fn func(q *db.Queries) error) error {
	tx, err := s.pool.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	if err := fn(s.Queries.WithTx(tx)); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			return fmt.Errorf("%w (rollback: %v)", err, rbErr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation,
// optionally restricted to a named constraint.
func IsUniqueViolation(err error, constraint ...string) bool {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "23505" {
		return false
	}
	if len(constraint) == 0 {
		return true
	}
	for _, c := range constraint {
		if pqErr.Constraint == c {
			return true
		}
	}
	return false
}

// IsNotFound reports whether err is sql.ErrNoRows.
func IsNotFound(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}

// Open opens and pings a Postgres connection pool.
func Open(ctx context.Context, dsn string) (*sql.DB, error) {
	pool, err := sql.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	pool.SetMaxOpenConns(20)
	pool.SetMaxIdleConns(10)
	if err := pool.PingContext(ctx); err != nil {
		_ = pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, nil
}
