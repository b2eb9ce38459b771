package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Execer is the narrow write surface used by raw-SQL repositories. Both
// *sqlx.DB and *sqlx.Tx satisfy it.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Queryer is the read/write surface used by raw-SQL repositories. Both
// *sqlx.DB and *sqlx.Tx satisfy it.
type Queryer interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// TxBeginner is implemented by *sqlx.DB.
type TxBeginner interface {
	BeginTxx(ctx context.Context, opts *sql.TxOptions) (*sqlx.Tx, error)
}

// WithTx runs fn inside a sqlx transaction and returns its value. The
// transaction is rolled back when fn returns an error or panics.
func WithTx[T any](ctx context.Context, db TxBeginner, fn func(tx *sqlx.Tx) (T, error)) (result T, err error) {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return result, fmt.Errorf("begin tx: %w", err)
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
	result, err = fn(tx)
	if err != nil {
		return result, err
	}
	if err = tx.Commit(); err != nil {
		return result, fmt.Errorf("commit: %w", err)
	}
	return result, nil
}

// IsNoRows reports whether err is a "no rows" error from either driver.
func IsNoRows(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}
