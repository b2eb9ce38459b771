// Package store keeps accounts in PostgreSQL, on the transaction a unit
// of work puts in the context or on the database.
package store

import (
	"context"
	"database/sql"

	"example.com/wiredsqlctx/dbctx"
	"example.com/wiredsqlctx/rewardsdb"
)

type txKey struct{}

// UnitOfWork runs work with a context that carries its transaction.
type UnitOfWork struct{ DB *sql.DB }

// WithinTx runs fn in one transaction.
func (u *UnitOfWork) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := u.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// DBTX is what the database and a transaction both run statements with.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Accounts writes on the context's transaction, or on the database.
type Accounts struct{ DB *sql.DB }

func (a *Accounts) conn(ctx context.Context) DBTX {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return a.DB
}

// Debit takes n from the account.
func (a *Accounts) Debit(ctx context.Context, id string, n int64) error {
	_, err := a.conn(ctx).ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", n, id) // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in store.Accounts.Debit is not idempotent \(HTTP handler Handler.TransferLoose\)`
	return err
}

// Record adds a ledger row.
func (a *Accounts) Record(ctx context.Context, id string, n int64) error {
	_, err := a.conn(ctx).ExecContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", id, n)
	return err
}

// Points writes on the handle another package's chooser gives: the
// context's transaction, or the database.
type Points struct{ DB *sql.DB }

// Take takes n points.
func (p *Points) Take(ctx context.Context, id string, n int64) error {
	_, err := dbctx.Conn(ctx, p.DB).ExecContext(ctx, "UPDATE points SET balance = balance - $1 WHERE id = $2", n, id) // want `2 writes commit separately and the UPDATE of points \(it computes from the current value\) in store.Points.Take is not idempotent \(HTTP handler PointsHandler.SpendLoose\)`
	return err
}

// Note adds a points row.
func (p *Points) Note(ctx context.Context, id string, n int64) error {
	_, err := dbctx.Conn(ctx, p.DB).ExecContext(ctx, "INSERT INTO point_moves (account_id, amount) VALUES ($1, $2)", id, n)
	return err
}

// Rewards runs the generated queries through their interface, on the
// handle the pool chooses by the context.
type Rewards struct{ Pool *dbctx.Pool }

func (r *Rewards) q(ctx context.Context) rewardsdb.Querier { return r.Pool.Queries(ctx) }

// Add adds n to the account's rewards.
func (r *Rewards) Add(ctx context.Context, id string, n int64) error {
	return r.q(ctx).AddReward(ctx, id, n)
}

// Log records the move.
func (r *Rewards) Log(ctx context.Context, id string, n int64) error {
	return r.q(ctx).LogReward(ctx, id, n)
}

// Credits writes on the context's transaction, taken out by another
// package, or on the executor it is given, which the program fills
// with its database.
type Credits struct{ DB dbctx.DBTX }

func credConn(ctx context.Context, db dbctx.DBTX) dbctx.DBTX {
	if tx, ok := dbctx.TxFrom(ctx); ok {
		return tx
	}
	return db
}

// Grant adds n credits.
func (c *Credits) Grant(ctx context.Context, id string, n int64) error {
	_, err := credConn(ctx, c.DB).ExecContext(ctx, "UPDATE credits SET balance = balance + $1 WHERE id = $2", n, id) // want `2 writes commit separately and the UPDATE of credits \(it computes from the current value\) in store.Credits.Grant is not idempotent \(HTTP handler CreditsHandler.GrantLoose\)`
	return err
}

// Note adds a credits row.
func (c *Credits) Note(ctx context.Context, id string, n int64) error {
	_, err := credConn(ctx, c.DB).ExecContext(ctx, "INSERT INTO credit_moves (account_id, amount) VALUES ($1, $2)", id, n)
	return err
}

// Holdings writes on the connection of the transaction the context
// carries, reported by another package, or on its pool.
type Holdings struct{ pool *sql.DB }

// NewHoldings returns the Holdings of pool.
func NewHoldings(pool *sql.DB) *Holdings { return &Holdings{pool: pool} }

func (h *Holdings) conn(ctx context.Context) dbctx.Querier {
	if q, ok := dbctx.ConnFromContext(ctx); ok {
		return q
	}
	return h.pool
}

// InTx runs fn in a transaction, joining the one ctx carries.
func (h *Holdings) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if dbctx.InTx(ctx) {
		return fn(ctx)
	}
	tx, err := h.pool.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(dbctx.WithTx(ctx, tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// Take takes n from the holding.
func (h *Holdings) Take(ctx context.Context, id string, n int64) error {
	_, err := h.conn(ctx).ExecContext(ctx, "UPDATE holdings SET held = held - $1 WHERE id = $2", n, id) // want `2 writes commit separately and the UPDATE of holdings \(it computes from the current value\) in store.Holdings.Take is not idempotent \(HTTP handler HoldingsHandler.MoveLoose\)` `2 writes commit separately and the UPDATE of holdings \(it computes from the current value\) in store.Holdings.Take is not idempotent \(HTTP handler HoldingsHandler.TakeThenMove\)`
	return err
}

// Give adds n to the holding.
func (h *Holdings) Give(ctx context.Context, id string, n int64) error {
	_, err := h.conn(ctx).ExecContext(ctx, "UPDATE holdings SET held = held + $1 WHERE id = $2", n, id)
	return err
}

// Move takes and gives in one transaction, its own or the caller's.
func (h *Holdings) Move(ctx context.Context, from, to string, n int64) error {
	return h.InTx(ctx, func(ctx context.Context) error {
		if _, err := h.conn(ctx).ExecContext(ctx, "UPDATE holdings SET held = held - $1 WHERE id = $2", n, from); err != nil {
			return err
		}
		_, err := h.conn(ctx).ExecContext(ctx, "UPDATE holdings SET held = held + $1 WHERE id = $2", n, to)
		return err
	})
}

// Fees writes on the handle another package picks: the context's
// transaction, or the executor the program gives it.
type Fees struct{ DB dbctx.DBTX }

// Charge takes a fee.
func (f *Fees) Charge(ctx context.Context, id string, n int64) error {
	_, err := dbctx.Pick(ctx, f.DB).ExecContext(ctx, "UPDATE fee_balances SET due = due + $1 WHERE id = $2", n, id) // want `2 writes commit separately and the UPDATE of fee_balances \(it computes from the current value\) in store.Fees.Charge is not idempotent \(HTTP handler FeesHandler.ChargeLoose\)`
	return err
}

// Note adds a fee row.
func (f *Fees) Note(ctx context.Context, id string, n int64) error {
	_, err := dbctx.Pick(ctx, f.DB).ExecContext(ctx, "INSERT INTO fee_moves (account_id, amount) VALUES ($1, $2)", id, n)
	return err
}

// Base is embedded by repositories: its Q runs the rewards queries on
// the handle the context chooses.
type Base[T any] struct{ db *sql.DB }

// Q returns the queries on the context's transaction, or the database.
func (b Base[T]) Q(ctx context.Context) *rewardsdb.Queries {
	return rewardsdb.New(dbctx.Conn(ctx, b.db))
}

// Ledger is a reward's entries.
type Ledger struct{}

// Ledgers runs its statements on r.Q(ctx).
type Ledgers struct{ Base[Ledger] }

// NewLedgers returns the Ledgers of db.
func NewLedgers(db *sql.DB) *Ledgers { return &Ledgers{Base[Ledger]{db: db}} }

func (r *Ledgers) Add(ctx context.Context, id string, n int64) error {
	return r.Q(ctx).AddLedger(ctx, id, n)
}

func (r *Ledgers) Log(ctx context.Context, id string, n int64) error {
	return r.Q(ctx).LogLedger(ctx, id, n)
}
