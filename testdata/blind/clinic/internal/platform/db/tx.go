package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Transactor runs a function inside a database transaction. The transaction is
// carried in the context; repositories pick it up through Conn.
type Transactor interface {
	RunInTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// DBTX is the subset of *sql.DB / *sql.Tx used by the repositories.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type txKey struct{}

// SQLTransactor implements Transactor over database/sql.
type SQLTransactor struct {
	db *sql.DB
}

func NewSQLTransactor(db *sql.DB) *SQLTransactor { return &SQLTransactor{db: db} }

func (t *SQLTransactor) RunInTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		// Already inside a transaction: join it.
		return fn(ctx)
	}
	tx, err := t.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
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
				err = errors.Join(err, rbErr)
			}
		}
	}()
	if err = fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// Conn returns the transaction stored in ctx, or the pool when there is none.
func Conn(ctx context.Context, pool *sql.DB) DBTX {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return pool
}

// InTx reports whether ctx carries a transaction.
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*sql.Tx)
	return ok
}
