// Package db is code in sqlc's shape: queries on the DBTX their
// Queries is built with, the pool or a transaction.
package db

import (
	"context"
	"database/sql"
)

// DBTX is what the queries run on.
type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
}

// Queries runs the module's statements.
type Queries struct{ db DBTX }

// New returns the queries on db.
func New(db DBTX) *Queries { return &Queries{db: db} }

// Debit takes from an account's balance.
func (q *Queries) Debit(ctx context.Context, account string, cents int64) error {
	_, err := q.db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $2 WHERE id = $1", account, cents) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in db.Queries.Debit is not idempotent \(HTTP handler Handler.Transfer\)`
	return err
}

// Credit adds to an account's balance.
func (q *Queries) Credit(ctx context.Context, account string, cents int64) error {
	_, err := q.db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $2 WHERE id = $1", account, cents)
	return err
}
