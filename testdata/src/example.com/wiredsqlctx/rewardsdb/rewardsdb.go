// Package rewardsdb is the generated code of the rewards queries.
package rewardsdb

import (
	"context"
	"database/sql"
)

// DBTX is what the database and a transaction both run statements with.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// New returns the queries on db.
func New(db DBTX) *Queries { return &Queries{db: db} }

// Queries runs the rewards statements.
type Queries struct{ db DBTX }

// Querier is what Queries does.
type Querier interface {
	AddReward(ctx context.Context, id string, n int64) error
	LogReward(ctx context.Context, id string, n int64) error
}

const addReward = `UPDATE rewards SET balance = balance + $1 WHERE id = $2`

func (q *Queries) AddReward(ctx context.Context, id string, n int64) error {
	_, err := q.db.ExecContext(ctx, addReward, n, id) // want `2 writes commit separately and the UPDATE of rewards \(it computes from the current value\) in rewardsdb.Queries.AddReward is not idempotent \(HTTP handler RewardsHandler.GrantLoose\)`
	return err
}

const logReward = `INSERT INTO reward_moves (account_id, amount) VALUES ($1, $2)`

func (q *Queries) LogReward(ctx context.Context, id string, n int64) error {
	_, err := q.db.ExecContext(ctx, logReward, id, n)
	return err
}

const addLedger = `UPDATE ledgers SET balance = balance + $1 WHERE id = $2`

func (q *Queries) AddLedger(ctx context.Context, id string, n int64) error {
	_, err := q.db.ExecContext(ctx, addLedger, n, id) // want `2 writes commit separately and the UPDATE of ledgers \(it computes from the current value\) in rewardsdb.Queries.AddLedger is not idempotent \(HTTP handler LedgerHandler.EnterLoose\)`
	return err
}

const logLedger = `INSERT INTO ledger_moves (ledger_id, amount) VALUES ($1, $2)`

func (q *Queries) LogLedger(ctx context.Context, id string, n int64) error {
	_, err := q.db.ExecContext(ctx, logLedger, id, n)
	return err
}
