// Package ports declares the interfaces the core services use to reach
// storage, providers and queues.
package ports

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// Querier is satisfied by both *sqlx.DB and *sqlx.Tx.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// TxRunner runs fn inside a database transaction, committing when fn returns
// nil and rolling back otherwise.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
	Reader() Querier
}
