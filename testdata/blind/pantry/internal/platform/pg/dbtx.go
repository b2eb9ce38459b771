// Package pg holds the Postgres plumbing shared by every repository: the pool,
// the DBTX abstraction and the context-carried transaction manager.
package pg

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DBTX is the subset of pgx that repositories need. Both *pgxpool.Pool and
// pgx.Tx satisfy it, which lets repositories run the same statements inside
// or outside a transaction.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Querier is kept as an alias for code generated against the sqlc naming.
type Querier = DBTX

// IsUniqueViolation reports whether err is a Postgres 23505.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if ok := asPgError(err, &pgErr); ok {
		return pgErr.Code == "23505"
	}
	return false
}
