// Package acts holds Temporal activities that a worker of another package
// registers from the table Defs returns: nothing here says they are
// retried.
package acts

import (
	"context"
	"database/sql"
)

// A Def pairs an activity's name with its function.
type Def struct {
	Name string
	Fn   any
}

// Activities settle payouts.
type Activities struct{ DB *sql.DB }

// Defs is the table the worker registers.
func (a *Activities) Defs() []Def {
	return []Def{
		{Name: "record", Fn: a.RecordPayout},
		{Name: "close", Fn: a.ClosePayout},
	}
}

// RecordPayout marks the statement paid and moves the balance, each on
// the pool.
func (a *Activities) RecordPayout(ctx context.Context, statementID string, cents int64) error {
	if _, err := a.DB.ExecContext(ctx, "UPDATE payout_statements SET status = 'paid' WHERE id = $1", statementID); err != nil {
		return err
	}
	_, err := a.DB.ExecContext(ctx, "UPDATE organiser_balances SET paid_cents = paid_cents + $2 WHERE statement_id = $1", statementID, cents) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of organiser_balances \(it computes from the current value\) in acts.Activities.RecordPayout is not idempotent \(Temporal activity Activities.RecordPayout\)`
	return err
}

// ClosePayout does both in one transaction.
func (a *Activities) ClosePayout(ctx context.Context, statementID string, cents int64) error {
	tx, err := a.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE payout_statements SET status = 'closed' WHERE id = $1", statementID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE organiser_balances SET closed_cents = closed_cents + $2 WHERE statement_id = $1", statementID, cents); err != nil {
		return err
	}
	return tx.Commit()
}
