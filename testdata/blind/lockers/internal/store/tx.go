package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TxRunner runs fn inside a single database transaction. The repositories
// handed to fn are bound to that transaction; fn must not retain them.
type TxRunner interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

// TxOption configures a PgTxRunner.
type TxOption func(*PgTxRunner)

// WithIsolation sets the isolation level of transactions started by the runner.
func WithIsolation(level pgx.TxIsoLevel) TxOption {
	return func(r *PgTxRunner) { r.opts.IsoLevel = level }
}

// WithSerializationRetries re-runs the callback when Postgres aborts the
// transaction with a serialization failure or deadlock.
func WithSerializationRetries(n int) TxOption {
	return func(r *PgTxRunner) { r.retries = n }
}

// PgTxRunner is the pgxpool implementation of TxRunner.
type PgTxRunner struct {
	pool    *pgxpool.Pool
	opts    pgx.TxOptions
	retries int
}

func NewTxRunner(pool *pgxpool.Pool, opts ...TxOption) *PgTxRunner {
	r := &PgTxRunner{pool: pool, opts: pgx.TxOptions{IsoLevel: pgx.ReadCommitted}}
	for _, o := range opts {
		o(r)
	}
	return r
}

func (r *PgTxRunner) WithinTx(ctx context.Context, fn func(ctx context.Context, r Repos) error) error {
	var err error
	for attempt := 0; attempt <= r.retries; attempt++ {
		err = r.runOnce(ctx, fn)
		if err == nil || !retryableTxError(err) {
			return err
		}
	}
	return err
}

func (r *PgTxRunner) runOnce(ctx context.Context, fn func(ctx context.Context, r Repos) error) error {
	tx, err := r.pool.BeginTx(ctx, r.opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := fn(ctx, NewRepos(tx)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func retryableTxError(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "40001" || pgErr.Code == "40P01"
	}
	return false
}

// InTx is a convenience for callbacks that produce a value.
func InTx[T any](ctx context.Context, tx TxRunner, fn func(ctx context.Context, r Repos) (T, error)) (T, error) {
	var out T
	err := tx.WithinTx(ctx, func(ctx context.Context, r Repos) error {
		v, err := fn(ctx, r)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
