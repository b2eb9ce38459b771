// Package txm carries a database transaction in a context.Context so that
// repositories can join whatever unit of work their caller opened without
// every method signature growing a *sqlx.Tx parameter.
package txm

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Querier is the part of *sqlx.DB and *sqlx.Tx that repositories use.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

type txKey struct{}

// Manager opens transactions and hands out the querier bound to the
// current context.
type Manager struct {
	db   *sqlx.DB
	opts *sql.TxOptions
}

// New returns a Manager using READ COMMITTED, which is what every write
// path in this service was reviewed against.
func New(db *sqlx.DB) *Manager {
	return &Manager{db: db, opts: &sql.TxOptions{Isolation: sql.LevelReadCommitted}}
}

// WithinTx runs fn inside a transaction. If ctx already carries one, fn
// joins it and the outermost caller decides whether to commit.
func (m *Manager) WithinTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := ctx.Value(txKey{}).(*sqlx.Tx); ok {
		return fn(ctx)
	}
	tx, err := m.db.BeginTxx(ctx, m.opts)
	if err != nil {
		return fmt.Errorf("txm: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("txm: rollback: %w", rbErr))
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("txm: commit: %w", err)
	}
	return nil
}

// Q returns the transaction carried by ctx, or the pool when there is none.
func (m *Manager) Q(ctx context.Context) Querier {
	if tx, ok := ctx.Value(txKey{}).(*sqlx.Tx); ok {
		return tx
	}
	return m.db
}

// InTx reports whether ctx carries a transaction.
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*sqlx.Tx)
	return ok
}
