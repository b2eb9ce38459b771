// Package pgtx carries a pgx transaction in the request context so that
// repositories can join whatever unit of work their caller opened.
package pgtx

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/liftwell-systems/liftcare/internal/store"
)

type txKey struct{}

// WithTx returns a context that carries tx.
func WithTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

// Manager opens transactions and hands out the right DBTX for a context.
type Manager struct {
	pool *pgxpool.Pool
}

// NewManager wraps the pool.
func NewManager(pool *pgxpool.Pool) *Manager {
	return &Manager{pool: pool}
}

// Conn returns the transaction in ctx, or the pool when there is none.
func (m *Manager) Conn(ctx context.Context) store.DBTX {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return m.pool
}

// Queries is shorthand for store.New(m.Conn(ctx)).
func (m *Manager) Queries(ctx context.Context) *store.Queries {
	return store.New(m.Conn(ctx))
}

// InTx runs fn inside a transaction. If ctx already carries one, fn joins
// it and the outermost caller decides whether to commit.
func (m *Manager) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := m.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("pgtx: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback(context.WithoutCancel(ctx))
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(context.WithoutCancel(ctx)); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, fmt.Errorf("pgtx: rollback: %w", rbErr))
			}
		}
	}()
	if err = fn(WithTx(ctx, tx)); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("pgtx: commit: %w", err)
	}
	return nil
}

// InTxValue is InTx for functions that produce a value.
func InTxValue[T any](ctx context.Context, m *Manager, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := m.InTx(ctx, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
