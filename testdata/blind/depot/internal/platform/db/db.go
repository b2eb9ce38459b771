// Package db holds the small generic repository helpers shared by the
// store package: typed Get/Select, transactions, and error helpers.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// ErrNotFound is returned by Get when no row matched.
var ErrNotFound = errors.New("db: not found")

// Queryer is satisfied by *sqlx.DB and *sqlx.Tx, so repository methods
// can run inside or outside a caller's transaction.
type Queryer = sqlx.ExtContext

// Options configures Open.
type Options struct {
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
}

// Open connects to Postgres through lib/pq and verifies the connection.
func Open(ctx context.Context, dsn string, o Options) (*sqlx.DB, error) {
	conn, err := sqlx.ConnectContext(ctx, "postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("db: connect: %w", err)
	}
	if o.MaxOpenConns > 0 {
		conn.SetMaxOpenConns(o.MaxOpenConns)
	}
	if o.MaxIdleConns > 0 {
		conn.SetMaxIdleConns(o.MaxIdleConns)
	}
	if o.ConnMaxLifetime > 0 {
		conn.SetConnMaxLifetime(o.ConnMaxLifetime)
	}
	return conn, nil
}

// Get runs query and scans the single resulting row into a T.
func Get[T any](ctx context.Context, q sqlx.QueryerContext, query string, args ...any) (T, error) {
	var out T
	if err := sqlx.GetContext(ctx, q, &out, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return out, ErrNotFound
		}
		return out, err
	}
	return out, nil
}

// Select runs query and scans every resulting row into a []T.
func Select[T any](ctx context.Context, q sqlx.QueryerContext, query string, args ...any) ([]T, error) {
	var out []T
	if err := sqlx.SelectContext(ctx, q, &out, query, args...); err != nil {
		return nil, err
	}
	return out, nil
}

// Exec runs a statement and returns the number of affected rows.
func Exec(ctx context.Context, q sqlx.ExecerContext, query string, args ...any) (int64, error) {
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// NamedExec runs a named statement against arg and returns affected rows.
func NamedExec(ctx context.Context, q sqlx.ExtContext, query string, arg any) (int64, error) {
	res, err := sqlx.NamedExecContext(ctx, q, query, arg)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// TxFunc is the body of a transaction.
type TxFunc func(tx *sqlx.Tx) error

// InTx runs fn in a transaction, committing when fn returns nil.
func InTx(ctx context.Context, conn *sqlx.DB, fn TxFunc) (err error) {
	tx, err := conn.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}

// InTxResult is InTx for bodies that produce a value.
func InTxResult[T any](ctx context.Context, conn *sqlx.DB, fn func(tx *sqlx.Tx) (T, error)) (T, error) {
	var out T
	err := InTx(ctx, conn, func(tx *sqlx.Tx) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "23505"
	}
	return false
}
