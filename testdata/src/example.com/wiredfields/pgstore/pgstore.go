// Package pgstore implements the payouts' unit of work on database/sql,
// with generated-style queries bound to its transaction.
package pgstore

import (
	"context"
	"database/sql"

	"example.com/wiredfields/payouts"
	"github.com/google/uuid"
)

// DBTX is what the queries run on: the pool or a transaction.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// rowScanner is a row the queries read.
type rowScanner interface {
	Scan(dest ...any) error
}

// Queries runs the statements.
type Queries struct{ db DBTX }

// New makes queries on db.
func New(db DBTX) *Queries { return &Queries{db: db} }

// WithTx makes the queries run on tx.
func (q *Queries) WithTx(tx *sql.Tx) *Queries { return &Queries{db: tx} }

func (q *Queries) DebitBalance(ctx context.Context, seller string, cents int64) error {
	_, err := q.db.ExecContext(ctx, "UPDATE balances SET cents = cents - $2 WHERE seller = $1", seller, cents) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of balances \(it computes from the current value\) in pgstore.Queries.DebitBalance is not idempotent \(HTTP handler Service.Pay\)`
	return err
}

func (q *Queries) MarkPayoutPaid(ctx context.Context, payout string) error {
	_, err := q.db.ExecContext(ctx, "UPDATE payouts SET status = 'paid' WHERE id = $1", payout)
	return err
}

type balances struct{ q *Queries }

func (b balances) Debit(ctx context.Context, seller string, cents int64) error {
	return b.q.DebitBalance(ctx, seller, cents)
}

type payoutRows struct{ q *Queries }

func (p payoutRows) MarkPaid(ctx context.Context, payout string) error {
	return p.q.MarkPayoutPaid(ctx, payout)
}

type keys struct{ q *Queries }

func (k keys) Claim(ctx context.Context, key string) (bool, error) {
	res, err := k.q.db.ExecContext(ctx, "INSERT INTO request_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

type events struct{ q *Queries }

func (e events) Add(ctx context.Context, kind string) error {
	_, err := e.q.db.ExecContext(ctx, "INSERT INTO events (id, kind) VALUES ($1, $2)", uuid.NewString(), kind) // want `a retry inserts a second events row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.Notify\)`
	return err
}

type lookups struct{ q *Queries }

func (l lookups) ByRef(ctx context.Context, ref string) (payouts.Payout, error) {
	var p payouts.Payout
	var row rowScanner = l.q.db.QueryRowContext(ctx, "SELECT id FROM payouts WHERE bank_ref = $1", ref)
	err := row.Scan(&p.ID)
	return p, err
}

type confirmations struct{ q *Queries }

func (c confirmations) Insert(ctx context.Context, payoutID string) error {
	_, err := c.q.db.ExecContext(ctx, "INSERT INTO payout_confirmations (payout_id) VALUES ($1)", payoutID) // want `a retry inserts the row for the same payout_id again, which fails or duplicates it: the INSERT into payout_confirmations in pgstore.confirmations.Insert has no conflict handling for the caller-known payout_id \(HTTP handler Service.Confirm\)`
	return err
}

type repos struct{ q *Queries }

func (r *repos) Lookups() payouts.Lookups             { return lookups{r.q} }
func (r *repos) Confirmations() payouts.Confirmations { return confirmations{r.q} }

func (r *repos) Balances() payouts.Balances { return balances{r.q} }
func (r *repos) Payouts() payouts.Payouts   { return payoutRows{r.q} }
func (r *repos) Keys() payouts.Keys         { return keys{r.q} }
func (r *repos) Events() payouts.Events     { return events{r.q} }

// UnitOfWork begins a transaction and binds the queries to it.
type UnitOfWork struct {
	DB *sql.DB
	Q  *Queries
}

func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, r payouts.Repos) error) error {
	tx, err := u.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(ctx, &repos{q: u.Q.WithTx(tx)}); err != nil {
		return err
	}
	return tx.Commit()
}
