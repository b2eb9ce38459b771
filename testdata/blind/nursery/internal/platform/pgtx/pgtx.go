// Package pgtx carries a pgx transaction in a context.Context so that
// repositories and the event outbox can join whatever transaction the
// calling service opened without it being threaded through every signature.
package pgtx

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acornlane-childcare/nursery/internal/db"
)

type ctxKey struct{}

// Transactor is what services depend on; *Manager implements it.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Manager opens transactions on the pool.
type Manager struct {
	pool *pgxpool.Pool
	opts pgx.TxOptions
}

func NewManager(pool *pgxpool.Pool) *Manager {
	return &Manager{pool: pool, opts: pgx.TxOptions{IsoLevel: pgx.ReadCommitted}}
}

// InTx runs fn inside a transaction. If ctx already carries one, fn joins it
// and the outermost caller decides whether to commit.
func (m *Manager) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := From(ctx); ok {
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
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// WithTx returns a context carrying tx.
func WithTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, ctxKey{}, tx)
}

// From returns the transaction carried by ctx, if any.
func From(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(ctxKey{}).(pgx.Tx)
	return tx, ok
}

// Conn returns the context transaction, or fallback when there is none.
func Conn(ctx context.Context, fallback db.DBTX) db.DBTX {
	if tx, ok := From(ctx); ok {
		return tx
	}
	return fallback
}

// Q binds q to the context transaction when there is one.
func Q(ctx context.Context, q *db.Queries) *db.Queries {
	if tx, ok := From(ctx); ok {
		return q.WithTx(tx)
	}
	return q
}
