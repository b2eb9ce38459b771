// Package db holds the Postgres connection, migrations and the transaction
// manager shared by every repository.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

type txKey struct{}

// TxManager runs functions inside a database transaction. The active
// *sqlx.Tx is carried in the context so that repositories called from the
// function pick it up through Ext.
type TxManager struct {
	db *sqlx.DB
}

// NewTxManager builds a TxManager over the given pool.
func NewTxManager(db *sqlx.DB) *TxManager {
	return &TxManager{db: db}
}

// WithinTx runs fn in a transaction. If ctx already carries a transaction,
// fn joins it and the outermost caller decides commit or rollback.
func (m *TxManager) WithinTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := m.db.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				err = errors.Join(err, fmt.Errorf("rollback: %w", rbErr))
			}
		}
	}()
	if err = fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// Ext returns the transaction carried by ctx, or the pool when there is
// none. Repositories are always handed the result of Ext.
func (m *TxManager) Ext(ctx context.Context) sqlx.ExtContext {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return m.db
}

// DB exposes the underlying pool for read paths and health checks.
func (m *TxManager) DB() *sqlx.DB { return m.db }

// TxFrom extracts the transaction stored by WithinTx.
func TxFrom(ctx context.Context) (*sqlx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sqlx.Tx)
	return tx, ok
}
