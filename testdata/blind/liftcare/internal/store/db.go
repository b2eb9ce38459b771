// Package store contains the SQL queries, written in the shape sqlc would
// generate so that we can switch to generation later without touching
// callers.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DBTX is satisfied by *pgxpool.Pool, *pgx.Conn and pgx.Tx.
type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

// New returns Queries bound to db.
func New(db DBTX) *Queries {
	return &Queries{db: db}
}

// Queries holds every query in this package.
type Queries struct {
	db DBTX
}

// WithTx returns a copy of q bound to tx.
func (q *Queries) WithTx(tx pgx.Tx) *Queries {
	return &Queries{db: tx}
}
