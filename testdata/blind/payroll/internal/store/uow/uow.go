// Package uow provides a small unit-of-work helper for database/sql: it opens
// a transaction, stashes it in the context and lets repositories pick it up.
package uow

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

type txKey struct{}

// DBTX is the subset of *sql.DB / *sql.Tx the repositories use.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type UnitOfWork struct {
	db *sql.DB
}

func New(db *sql.DB) *UnitOfWork { return &UnitOfWork{db: db} }

// Do runs fn inside a transaction. Nested calls reuse the outer transaction.
func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := u.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				err = errors.Join(err, rbErr)
			}
			return
		}
		err = tx.Commit()
	}()
	return fn(context.WithValue(ctx, txKey{}, tx))
}

// TxFrom returns the transaction stored in ctx, if any.
func TxFrom(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sql.Tx)
	return tx, ok
}

// Exec picks the transaction from ctx when there is one, else the pool.
func Exec(ctx context.Context, db *sql.DB) DBTX {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}
