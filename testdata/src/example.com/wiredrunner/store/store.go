// Package store keeps packs, payouts and the ledger, on the transaction
// a context carries when it carries one.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/wiredrunner/txn"
)

// Packs keeps session packs.
type Packs struct{ Pool *pgxpool.Pool }

func (s *Packs) Debit(ctx context.Context, id string, n int) error {
	_, err := txn.Conn(ctx, s.Pool).Exec(ctx, "UPDATE packs SET sessions = sessions - $2 WHERE id = $1", id, n) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of packs \(it computes from the current value\) in store.Packs.Debit is not idempotent \(HTTP handler Service.Transfer\)`
	return err
}

func (s *Packs) Credit(ctx context.Context, id string, n int) error {
	_, err := txn.Conn(ctx, s.Pool).Exec(ctx, "UPDATE packs SET sessions = sessions + $2 WHERE id = $1", id, n)
	return err
}

func (s *Packs) Hold(ctx context.Context, id string, n int) error {
	_, err := txn.Conn(ctx, s.Pool).Exec(ctx, "UPDATE packs SET held = held + $2 WHERE id = $1", id, n)
	return err
}

func (s *Packs) Release(ctx context.Context, id string, n int) error {
	_, err := txn.Conn(ctx, s.Pool).Exec(ctx, "UPDATE packs SET held = held - $2 WHERE id = $1", id, n)
	return err
}

// Keys claims requests' keys.
type Keys struct{ Pool *pgxpool.Pool }

// Claim records the key, and reports whether this call did.
func (k *Keys) Claim(ctx context.Context, key string) (bool, error) {
	tag, err := txn.Conn(ctx, k.Pool).Exec(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// A Payout is one transfer of a statement.
type Payout struct{ ID, StatementID string }

// Payouts keeps payouts.
type Payouts struct{ Pool *pgxpool.Pool }

func (s *Payouts) insertReturning(ctx context.Context, conflict string, p Payout) (Payout, error) {
	var got Payout
	err := txn.Conn(ctx, s.Pool).QueryRow(ctx, "INSERT INTO payouts (id, statement_id) VALUES ($1, $2) "+conflict+" RETURNING id, statement_id", p.ID, p.StatementID).Scan(&got.ID, &got.StatementID)
	return got, err
}

// Ensure inserts the statement's payout, or returns the one it has.
func (s *Payouts) Ensure(ctx context.Context, p Payout) (Payout, error) {
	got, err := s.insertReturning(ctx, "ON CONFLICT (statement_id) DO NOTHING", p)
	if err == nil {
		return got, nil
	}
	err = txn.Conn(ctx, s.Pool).QueryRow(ctx, "SELECT id, statement_id FROM payouts WHERE statement_id = $1", p.StatementID).Scan(&got.ID, &got.StatementID)
	return got, err
}

// Sent records that the payout's transfer went out.
func (s *Payouts) Sent(ctx context.Context, id string) error {
	_, err := s.Pool.Exec(ctx, "UPDATE payouts SET sent = true WHERE id = $1", id)
	return err
}

// Ledger posts entries with their balance, in one transaction.
type Ledger struct{ Pool *pgxpool.Pool }

func (l *Ledger) Post(ctx context.Context, id, account string, amount int64) (bool, error) {
	return txn.WithTx(ctx, l.Pool, func(q *txn.Queries) (bool, error) {
		if err := q.InsertEntry(ctx, id, account, amount); err != nil {
			return false, err
		}
		return true, q.AddBalance(ctx, account, amount)
	})
}

// Append adds an entry on the transaction ctx carries, or the pool.
func (l *Ledger) Append(ctx context.Context, id, account string, amount int64) error {
	_, err := txn.Conn(ctx, l.Pool).Exec(ctx, "INSERT INTO entries (id, account_id, amount) VALUES ($1, $2, $3)", id, account, amount)
	return err
}

// Tiers keeps members' tiers.
type Tiers struct{ Pool *pgxpool.Pool }

func (t *Tiers) Raise(ctx context.Context, account string) error {
	_, err := t.Pool.Exec(ctx, "UPDATE accounts SET tier = tier + 1 WHERE id = $1", account) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in store.Tiers.Raise is not idempotent \(HTTP handler Service.Upgrade\)`
	return err
}

// Grant records the grant the request's key names, in a transaction
// another package's runner begins for a literal of its named work type.
func (t *Tiers) Grant(ctx context.Context, account, key string) error {
	return txn.Run(ctx, t.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO grants (id, account_id) VALUES ($1, $2)", key, account) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into grants in store.Tiers.Grant\$1 has no conflict handling for the caller-known id \(HTTP handler Service.Grant\)`
		return err
	})
}

// Querier is what a unit of work's function is given.
type Querier interface {
	AddCredit(ctx context.Context, account string, n int64) error
	AddDebit(ctx context.Context, account string, n int64) error
}

// Repo runs the queries on a pool or a transaction.
type Repo struct{ db txn.DBTX }

func (r *Repo) AddCredit(ctx context.Context, account string, n int64) error {
	_, err := r.db.Exec(ctx, "UPDATE credits SET amount = amount + $2 WHERE account_id = $1", account, n)
	return err
}

func (r *Repo) AddDebit(ctx context.Context, account string, n int64) error {
	_, err := r.db.Exec(ctx, "UPDATE debits SET amount = amount + $2 WHERE account_id = $1", account, n)
	return err
}

// Store is the repository on the pool, and the transactions it runs a
// function in, on a repository of their own.
type Store struct {
	*Repo
	Pool *pgxpool.Pool
}

// NewStore makes the store of the pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{Repo: &Repo{db: pool}, Pool: pool} }

// InTx runs fn with the repository of a transaction.
func (s *Store) InTx(ctx context.Context, fn func(q Querier) error) error {
	return pgx.BeginTxFunc(ctx, s.Pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		return fn(&Repo{db: tx})
	})
}

// Postings post a transfer's credit and debit on the queries they are
// bound to.
type Postings struct{ q Querier }

// NewPostings makes the postings of the pool's store.
func NewPostings(q Querier) *Postings { return &Postings{q: q} }

// With binds the postings to q, a unit of work's queries.
func (p *Postings) With(q Querier) *Postings { return &Postings{q: q} }

// Post credits one account and debits the other.
func (p *Postings) Post(ctx context.Context, from, to string, n int64) error {
	if err := p.q.AddCredit(ctx, to, n); err != nil {
		return err
	}
	return p.q.AddDebit(ctx, from, n)
}
