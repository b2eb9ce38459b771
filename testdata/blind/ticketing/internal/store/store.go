// Package store owns the pgx pool and the transaction plumbing used by the
// services. Services never see *pgxpool.Pool directly: they get a db.Querier
// for single statements and a TxRunner for units of work.
package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/stagepass/ticketing/internal/db"
)

// TxRunner runs fn inside a single database transaction. The Querier handed
// to fn is bound to that transaction; anything written through it commits or
// rolls back together.
type TxRunner interface {
	InTx(ctx context.Context, fn func(q db.Querier) error) error
}

// Store is the pgx-backed implementation of TxRunner.
type Store struct {
	pool    *pgxpool.Pool
	queries *db.Queries
	opts    pgx.TxOptions
}

// Option configures a Store.
type Option func(*Store)

// WithIsolation sets the isolation level for InTx transactions.
func WithIsolation(level pgx.TxIsoLevel) Option {
	return func(s *Store) { s.opts.IsoLevel = level }
}

// New builds a Store on top of an existing pool.
func New(pool *pgxpool.Pool, opts ...Option) *Store {
	s := &Store{pool: pool, queries: db.New(pool)}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Queries returns a Querier that runs each statement in its own implicit
// transaction (autocommit).
func (s *Store) Queries() db.Querier { return s.queries }

// Pool exposes the underlying pool for libraries that manage their own
// connections (river, bun's pgx stdlib bridge).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// InTx implements TxRunner.
func (s *Store) InTx(ctx context.Context, fn func(q db.Querier) error) error {
	_, err := WithTx(ctx, s.pool, s.opts, func(tx pgx.Tx) (struct{}, error) {
		return struct{}{}, fn(s.queries.WithTx(tx))
	})
	return err
}

// Beginner is the part of pgxpool.Pool / pgx.Conn that WithTx needs.
type Beginner interface {
	BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error)
}

// WithTx runs fn in a transaction and returns its result. The transaction is
// committed only when fn returns a nil error.
func WithTx[T any](ctx context.Context, b Beginner, opts pgx.TxOptions, fn func(tx pgx.Tx) (T, error)) (T, error) {
	var zero T
	tx, err := b.BeginTx(ctx, opts)
	if err != nil {
		return zero, fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		// Rollback after a successful commit is a no-op returning ErrTxClosed.
		if rbErr := tx.Rollback(ctx); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
			_ = rbErr
		}
	}()
	out, err := fn(tx)
	if err != nil {
		return zero, err
	}
	if err := tx.Commit(ctx); err != nil {
		return zero, fmt.Errorf("commit tx: %w", err)
	}
	return out, nil
}

// IsNotFound reports whether err is a no-rows error from a :one query.
func IsNotFound(err error) bool { return errors.Is(err, pgx.ErrNoRows) }
