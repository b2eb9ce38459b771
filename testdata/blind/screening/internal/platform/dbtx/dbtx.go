// Package dbtx holds the handle interface shared by the store and the
// services that compose store calls inside one transaction.
package dbtx

import (
	"context"
	"database/sql"
)

// Queryer is satisfied by *sql.DB and *sql.Tx.
type Queryer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// TxRunner runs fn in a transaction, committing when it returns nil.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(*sql.Tx) error) error
}
