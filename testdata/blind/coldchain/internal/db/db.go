// Package db holds the query layer. It follows the shape sqlc generates
// (a DBTX interface, a Queries struct, one method per statement) but is
// maintained by hand so that we can keep pgx-specific return types.
package db

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DBTX is satisfied by *pgxpool.Pool, *pgx.Conn and pgx.Tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// New returns Queries bound to db.
func New(db DBTX) *Queries {
	return &Queries{db: db}
}

// Queries runs the statements in this package against a DBTX.
type Queries struct {
	db DBTX
}

// WithTx returns a copy of q that runs every statement inside tx.
func (q *Queries) WithTx(tx pgx.Tx) *Queries {
	return &Queries{db: tx}
}

// ErrNoRows is returned by :one queries when nothing matched.
var ErrNoRows = pgx.ErrNoRows

// IsNotFound reports whether err means the row did not exist.
func IsNotFound(err error) bool {
	return errors.Is(err, pgx.ErrNoRows)
}

// IsUniqueViolation reports whether err is a unique_violation (23505).
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
