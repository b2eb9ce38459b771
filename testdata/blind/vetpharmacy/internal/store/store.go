// Package store owns the connection pool and the unit-of-work boundary.
//
// A transaction opened with InTx travels in the context; repositories call Q
// with the context they were given and transparently join it. Code that is
// not inside InTx runs each statement in its own implicit transaction.
package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/kestrelvet/refillrx/internal/db"
)

type txKey struct{}

type Store struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

func New(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, q: db.New(pool)}
}

// Pool exposes the underlying pool for components (river, migrations) that
// need it directly.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

// WithTx returns a context carrying tx. Exposed for tests and for the river
// middleware that hands workers a transaction.
func WithTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Q returns queries bound to the transaction in ctx, or to the pool.
func (s *Store) Q(ctx context.Context) *db.Queries {
	if tx, ok := TxFrom(ctx); ok {
		return s.q.WithTx(tx)
	}
	return s.q
}

// InTx runs fn inside a transaction. If ctx already carries one, fn joins it
// and the outermost caller decides whether to commit.
func (s *Store) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if err != nil {
			if rbErr := tx.Rollback(context.WithoutCancel(ctx)); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, fmt.Errorf("rollback: %w", rbErr))
			}
		}
	}()
	if err = fn(WithTx(ctx, tx)); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Transactor is the slice of Store that services depend on.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}
