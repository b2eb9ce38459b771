// Package store keeps accounts and their journal.
package store

import (
	"context"
	"database/sql"
)

// Accounts debits accounts.
type Accounts struct{ DB *sql.DB }

// Debit takes one from an account's balance.
func (a *Accounts) Debit(ctx context.Context, id string) error {
	_, err := a.DB.ExecContext(ctx, `UPDATE accounts SET balance = balance - 1 WHERE id = $1`, id) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in store.Accounts.Debit is not idempotent \(HTTP handler Handler.Pay\)`
	return err
}

// Journal records entries.
type Journal struct{ DB *sql.DB }

// Record adds an entry.
func (j *Journal) Record(ctx context.Context, id string) error {
	_, err := j.DB.ExecContext(ctx, `INSERT INTO journal (account_id) VALUES ($1)`, id)
	return err
}
