package pg

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TxManager runs a function inside a database transaction. The transaction is
// carried in the context so repositories pick it up without extra parameters.
type TxManager interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type txKey struct{}

// WithTx returns a copy of ctx carrying tx.
func WithTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFromContext returns the transaction stored in ctx, if any.
func TxFromContext(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

// PoolTxManager is the pgxpool-backed TxManager.
type PoolTxManager struct {
	pool *pgxpool.Pool
	opts pgx.TxOptions
}

// NewTxManager builds a TxManager with read-committed isolation.
func NewTxManager(pool *pgxpool.Pool) *PoolTxManager {
	return &PoolTxManager{pool: pool, opts: pgx.TxOptions{IsoLevel: pgx.ReadCommitted}}
}

// InTx begins a transaction, or joins the one already in ctx, and commits it
// when fn returns nil.
func (m *PoolTxManager) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFromContext(ctx); ok {
		return fn(ctx)
	}

	tx, err := m.pool.BeginTx(ctx, m.opts)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
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
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// WithTxResult is a generic convenience around TxManager for callers that
// need to return a value computed inside the transaction.
func WithTxResult[T any](ctx context.Context, tm TxManager, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := tm.InTx(ctx, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
