// Package db holds database helpers shared by the repositories.
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

// ErrNotFound is returned by repositories when a lookup matches no row.
var ErrNotFound = errors.New("not found")

// Querier is satisfied by *sqlx.DB and *sqlx.Tx so repositories can run
// inside or outside a caller's transaction.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

var (
	_ Querier = (*sqlx.DB)(nil)
	_ Querier = (*sqlx.Tx)(nil)
)

// Open connects to Postgres and configures the pool.
func Open(ctx context.Context, dsn string) (*sqlx.DB, error) {
	d, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	d.SetMaxOpenConns(20)
	d.SetMaxIdleConns(10)
	d.SetConnMaxLifetime(30 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := d.PingContext(pingCtx); err != nil {
		_ = d.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return d, nil
}

// TxFunc is the body of a transaction.
type TxFunc func(tx *sqlx.Tx) error

// InTx runs fn inside a transaction and commits if fn returns nil.
func InTx(ctx context.Context, d *sqlx.DB, fn TxFunc) (err error) {
	tx, err := d.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
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
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// InTxValue is InTx for bodies that produce a value.
func InTxValue[T any](ctx context.Context, d *sqlx.DB, fn func(tx *sqlx.Tx) (T, error)) (T, error) {
	var out T
	err := InTx(ctx, d, func(tx *sqlx.Tx) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// GetOne loads a single row into a new T, mapping sql.ErrNoRows to ErrNotFound.
func GetOne[T any](ctx context.Context, q Querier, query string, args ...any) (*T, error) {
	var out T
	if err := q.GetContext(ctx, &out, query, args...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return &out, nil
}

// SelectAll loads every matching row into a slice of T.
func SelectAll[T any](ctx context.Context, q Querier, query string, args ...any) ([]T, error) {
	var out []T
	if err := q.SelectContext(ctx, &out, query, args...); err != nil {
		return nil, err
	}
	return out, nil
}

// Affected returns the number of rows a statement touched.
func Affected(res sql.Result) int64 {
	n, err := res.RowsAffected()
	if err != nil {
		return 0
	}
	return n
}

// IsUniqueViolation reports whether err is a Postgres unique_violation,
// optionally on the named constraint.
func IsUniqueViolation(err error, constraint ...string) bool {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != "23505" {
		return false
	}
	if len(constraint) == 0 {
		return true
	}
	for _, c := range constraint {
		if pqErr.Constraint == c {
			return true
		}
	}
	return false
}
