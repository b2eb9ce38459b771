// Package db holds the hand-maintained, sqlc-style query layer. Every query
// is a method on Queries and runs against a DBTX, so the same code works on
// the pool and inside a transaction.
package db

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

// Queries is the generated-style query set.
type Queries struct {
	db DBTX
}

// WithTx returns a copy of q that runs on tx.
func (q *Queries) WithTx(tx pgx.Tx) *Queries {
	return &Queries{db: tx}
}
