// Package txctx carries a database transaction through a context so that
// repositories join whatever unit of work their caller has opened.
package txctx

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
)

type ctxKey struct{}

// Querier is the part of sqlx shared by *sqlx.DB and *sqlx.Tx.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// With returns a context carrying tx.
func With(ctx context.Context, tx *sqlx.Tx) context.Context {
	return context.WithValue(ctx, ctxKey{}, tx)
}

// From returns the transaction carried by ctx, if any.
func From(ctx context.Context) (*sqlx.Tx, bool) {
	tx, ok := ctx.Value(ctxKey{}).(*sqlx.Tx)
	return tx, ok && tx != nil
}

// SQLTx returns the underlying *sql.Tx carried by ctx, for libraries that
// take database/sql types (the river insert client, for one).
func SQLTx(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := From(ctx)
	if !ok {
		return nil, false
	}
	return tx.Tx, true
}

// Q returns the transaction in ctx, or db when there is none.
func Q(ctx context.Context, db *sqlx.DB) Querier {
	if tx, ok := From(ctx); ok {
		return tx
	}
	return db
}
