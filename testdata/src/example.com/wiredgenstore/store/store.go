// Package store keeps accounts through a generic store whose helper
// finds the handle: the transaction the context carries, or the
// database.
package store

import (
	"context"
	"database/sql"

	"example.com/wiredgenstore/txctx"
)

type store[T any] struct{ db *sql.DB }

func (s store[T]) q(ctx context.Context) txctx.Querier { return txctx.Q(ctx, s.db) }

// exec hands its caller's text to the handle q finds.
func (s store[T]) exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := s.q(ctx).ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

type Account struct{ ID string }

// Accounts keeps balances.
type Accounts struct{ store[Account] }

// NewAccounts returns the accounts on db.
func NewAccounts(db *sql.DB) *Accounts { return &Accounts{store[Account]{db: db}} }

func (a *Accounts) Debit(ctx context.Context, id string, cents int64) error {
	_, err := a.exec(ctx, `UPDATE accounts SET balance = balance - $2 WHERE id = $1`, id, cents) // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in store.Accounts.Debit is not idempotent \(HTTP handler Handler.Transfer\)`
	return err
}

func (a *Accounts) Credit(ctx context.Context, id string, cents int64) error {
	_, err := a.exec(ctx, `UPDATE accounts SET balance = balance + $2 WHERE id = $1`, id, cents)
	return err
}
