// Package store owns the database handle and transaction helpers shared by
// the domain services.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/renalnet/dialysis-ops/internal/db"
)

// Store wraps the pool and hands out sqlc Queries bound either to the pool
// or to a transaction.
type Store struct {
	DB *sql.DB
	q  *db.Queries
}

func New(pool *sql.DB) *Store {
	return &Store{DB: pool, q: db.New(pool)}
}

// Q returns queries bound to the pool (autocommit).
func (s *Store) Q() *db.Queries { return s.q }

// InTx runs fn inside a read-committed transaction and commits if fn
// returns nil.
func (s *Store) InTx(ctx context.Context, fn func(q *db.Queries) error) error {
	tx, err := s.DB.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	if err := fn(s.q.WithTx(tx)); err != nil {
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

// InTxValue is InTx for functions that produce a value.
func InTxValue[T any](ctx context.Context, s *Store, fn func(q *db.Queries) (T, error)) (T, error) {
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

// IsUniqueViolation reports whether err is a Postgres unique_violation,
// optionally on the named constraint.
func IsUniqueViolation(err error, constraint ...string) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" {
		return false
	}
	if len(constraint) == 0 {
		return true
	}
	for _, c := range constraint {
		if pgErr.ConstraintName == c {
			return true
		}
	}
	return false
}

// IsNotFound reports whether err is sql.ErrNoRows.
func IsNotFound(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}
