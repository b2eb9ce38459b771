// Package txctx implements the unit of work used by every service: a
// transaction is opened by TxManager.Do and carried in the context, and
// repositories pick it up through Conn.DB.
package txctx

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/harborline/claims/internal/store/dbgen"
)

// TxManager runs fn inside a database transaction. The transaction travels
// in the context handed to fn; nested calls join the outer transaction.
type TxManager interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type txKey struct{}

// WithTx stores tx in ctx.
func WithTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom returns the ambient transaction, if any.
func TxFrom(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok && tx != nil
}

// Manager is the pgx implementation of TxManager.
type Manager struct {
	pool *pgxpool.Pool
	opts pgx.TxOptions
}

// ManagerOption customises a Manager.
type ManagerOption func(*Manager)

// WithIsolation sets the isolation level for transactions opened by the
// manager.
func WithIsolation(level pgx.TxIsoLevel) ManagerOption {
	return func(m *Manager) { m.opts.IsoLevel = level }
}

// NewManager builds a Manager over pool.
func NewManager(pool *pgxpool.Pool, opts ...ManagerOption) *Manager {
	m := &Manager{pool: pool, opts: pgx.TxOptions{IsoLevel: pgx.ReadCommitted}}
	for _, o := range opts {
		o(m)
	}
	return m
}

// Do implements TxManager.
func (m *Manager) Do(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		// Join the unit of work that is already open.
		return fn(ctx)
	}
	tx, err := m.pool.BeginTx(ctx, m.opts)
	if err != nil {
		return fmt.Errorf("txctx: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback(context.WithoutCancel(ctx))
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(context.WithoutCancel(ctx)); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, fmt.Errorf("txctx: rollback: %w", rbErr))
			}
		}
	}()
	if err = fn(WithTx(ctx, tx)); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("txctx: commit: %w", err)
	}
	return nil
}

var _ TxManager = (*Manager)(nil)

// Conn hands repositories the ambient transaction, or the pool when no unit
// of work is open (each statement then commits on its own).
type Conn struct {
	pool *pgxpool.Pool
}

// NewConn wraps pool.
func NewConn(pool *pgxpool.Pool) *Conn { return &Conn{pool: pool} }

// DB returns the DBTX to run statements on for ctx.
func (c *Conn) DB(ctx context.Context) dbgen.DBTX {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return c.pool
}

// Queries is a convenience for repositories built on the sqlc code.
func (c *Conn) Queries(ctx context.Context) *dbgen.Queries {
	return dbgen.New(c.DB(ctx))
}
