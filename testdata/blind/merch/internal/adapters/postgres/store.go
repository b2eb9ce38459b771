// Package postgres implements the core repository ports over pgx/v5 using
// the sqlc-generated queries in sqlcgen.
package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/merchline/preorders/internal/adapters/postgres/sqlcgen"
	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// Store implements ports.Store. A Store made by New runs each statement
// on the pool; the Store handed to an InTx callback is bound to that
// transaction.
type Store struct {
	pool  *pgxpool.Pool
	q     *sqlcgen.Queries
	newID func() uuid.UUID
}

var (
	_ ports.Store    = (*Store)(nil)
	_ ports.TxRunner = (*Store)(nil)
)

func New(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, q: sqlcgen.New(pool), newID: uuid.New}
}

// InTx runs fn in a read-committed transaction. Calling InTx on a Store
// that is already bound to a transaction joins it.
func (s *Store) InTx(ctx context.Context, fn func(ports.Store) error) error {
	if s.pool == nil {
		return fn(s)
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := fn(s.withTx(tx)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func (s *Store) withTx(tx pgx.Tx) *Store {
	return &Store{q: s.q.WithTx(tx), newID: s.newID}
}

// Ping checks connectivity for the readiness probe.
func (s *Store) Ping(ctx context.Context) error {
	if s.pool == nil {
		return nil
	}
	return s.pool.Ping(ctx)
}

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

// UniqueViolation reports a unique-constraint failure.
func UniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
