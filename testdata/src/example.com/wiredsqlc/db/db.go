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
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

// Queries runs the module's statements.
type Queries struct{ db DBTX }

// New returns the queries on db.
func New(db DBTX) *Queries { return &Queries{db: db} }

// WithTx returns the queries on tx.
func (q *Queries) WithTx(tx *sql.Tx) *Queries { return &Queries{db: tx} }

// Querier is every query.
type Querier interface {
	AddCredit(ctx context.Context, customer string, cents int64) error
	InsertAdjustment(ctx context.Context, orderID string, cents int64) error
	SetStatus(ctx context.Context, orderID, status string) error
}

const addCredit = `UPDATE credits SET balance = balance + $2 WHERE customer = $1`

// AddCredit adds to a customer's balance.
func (q *Queries) AddCredit(ctx context.Context, customer string, cents int64) error {
	_, err := q.db.ExecContext(ctx, addCredit, customer, cents) // want `2 writes commit separately and the UPDATE of credits \(it computes from the current value\) in db.Queries.AddCredit is not idempotent \(HTTP handler Handler.Rebalance\)` `a failure between the writes leaves the operation half done, and a retry repeats the done part: 3 writes commit separately and the UPDATE of credits \(it computes from the current value\) in db.Queries.AddCredit is not idempotent \(HTTP handler Handler.Refund\); run them in one transaction`
	return err
}

const insertAdjustment = `INSERT INTO adjustments (order_id, cents) VALUES ($1, $2)`

// InsertAdjustment records an adjustment of an order.
func (q *Queries) InsertAdjustment(ctx context.Context, orderID string, cents int64) error {
	_, err := q.db.ExecContext(ctx, insertAdjustment, orderID, cents)
	return err
}

const setStatus = `UPDATE orders SET status = $2 WHERE id = $1`

// SetStatus sets an order's status.
func (q *Queries) SetStatus(ctx context.Context, orderID, status string) error {
	_, err := q.db.ExecContext(ctx, setStatus, orderID, status)
	return err
}
