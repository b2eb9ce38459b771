// Package db holds the small database abstractions shared by the
// repositories and services: a Querier that both *sql.DB and *sql.Tx
// satisfy, and a TxRunner that carries the transaction in the context.
package db

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lib/pq"
)

// Querier is the subset of *sql.DB / *sql.Tx the repositories use.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

var (
	_ Querier = (*sql.DB)(nil)
	_ Querier = (*sql.Tx)(nil)
)

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("not found")

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		return pqErr.Code == "23505"
	}
	return false
}

// NotFound maps sql.ErrNoRows to ErrNotFound and leaves other errors alone.
func NotFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// RowsAffected returns the number of affected rows, treating a driver that
// cannot report it as zero.
func RowsAffected(res sql.Result) int64 {
	n, err := res.RowsAffected()
	if err != nil {
		return 0
	}
	return n
}
