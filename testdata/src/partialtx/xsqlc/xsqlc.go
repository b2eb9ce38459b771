// Package xsqlc calls sqlc-generated queries and repository helpers of
// other packages from retried handlers.
package xsqlc

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/ledgerdb"
	"example.com/ordersdb"
	"example.com/ordersrepo"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db      *sql.DB
	pool    *pgxpool.Pool
	queries *ordersdb.Queries
)

// ---- positives ----

// The generated queries run on the pool: the debit commits before the
// credit.
func transfer(ctx context.Context, t *asynq.Task) error {
	q := ordersdb.New(db)
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in Queries.DebitAccount is not idempotent \(asynq handler transfer\)`
		return err
	}
	return q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}

// The order commits in its transaction, the debit on the pool after it.
func orderThenDebit(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil { // want `2 writes commit separately and the INSERT into orders in Queries.CreateOrder is not idempotent`
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return ordersdb.New(db).DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5})
}

// A repository on its own pool: two helper calls, two commits.
func moveMoney(w http.ResponseWriter, r *http.Request) {
	accounts := &ordersrepo.Accounts{DB: db}
	if err := accounts.Debit(r.Context(), "a", 5); err != nil { // want `the UPDATE of accounts \(it computes from the current value\) in Accounts.Debit is not idempotent \(HTTP handler moveMoney\)`
		return
	}
	accounts.Credit(r.Context(), "b", 5)
}

// One helper call whose two statements run on the pool it is passed.
func transferHelper(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.Transfer(ctx, db, "a", "b", 5) // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in ordersrepo.Transfer is not idempotent`
}

// A helper of another package whose own writes commit apart, with no
// retried root there: reported at the call.
func rebalance(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.Rebalance(ctx, "a", "b", 5) // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in ordersrepo.Rebalance is not idempotent`
}

// A repository built with a constructor over the pool, and a service
// holding generated queries: each write commits on its own.
func placeOrder(ctx context.Context, t *asynq.Task) error {
	if err := ordersrepo.NewStore(db).InsertOrder(ctx, "o", 5); err != nil { // want `the INSERT into orders in Store.InsertOrder is not idempotent`
		return err
	}
	return ordersrepo.NewService(db).Charge(ctx, "a", 5)
}

// pgx: generated queries on the pool.
func postEntry(ctx context.Context, t *asynq.Task) error {
	q := ledgerdb.New(pool)
	if err := q.InsertEntry(ctx, ledgerdb.InsertEntryParams{EntryID: "e", AccountID: 1, Cents: 5}); err != nil { // want `the INSERT into entries in Queries.InsertEntry is not idempotent`
		return err
	}
	return q.AddToBalance(ctx, ledgerdb.AddToBalanceParams{AccountID: 1, Cents: 5})
}

// A helper of this package whose writes commit apart is reported where
// it writes, once, and not again at its callers.
func audit(ctx context.Context, t *asynq.Task) error {
	return debitAndLog(ctx)
}

func debitAndLog(ctx context.Context) error {
	if _, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - 1 WHERE id = $1", "a"); err != nil { // want `2 writes commit separately and the UPDATE of accounts`
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO audit_log (what) VALUES ($1)", "debit")
	return err
}

// A struct embedding the generated queries: the promoted methods run on
// the pool New was given.
type embedded struct{ *ordersdb.Queries }

func promoted(ctx context.Context, t *asynq.Task) error {
	s := embedded{ordersdb.New(db)}
	if err := s.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil { // want `the UPDATE of accounts \(it computes from the current value\) in Queries.DebitAccount is not idempotent \(asynq handler promoted\)`
		return err
	}
	return s.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}

// ---- negatives ----

// Negative: the generated queries run on one transaction.
func transferTx(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := ordersdb.New(tx)
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil {
		return err
	}
	if err := q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5}); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: WithTx moves the queries onto the transaction.
func transferWithTx(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := ordersdb.New(db).WithTx(tx)
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil {
		return err
	}
	if err := ordersrepo.Transfer(ctx, tx, "b", "c", 5); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: pgx, generated queries moved onto the transaction.
func postEntryTx(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := ledgerdb.New(pool).WithTx(tx)
	if err := q.InsertEntry(ctx, ledgerdb.InsertEntryParams{EntryID: "e", AccountID: 1, Cents: 5}); err != nil {
		return err
	}
	if err := q.AddToBalance(ctx, ledgerdb.AddToBalanceParams{AccountID: 1, Cents: 5}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Negative: queries built elsewhere (a global): their handle is unknown.
func transferGlobal(ctx context.Context, t *asynq.Task) error {
	if err := queries.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil {
		return err
	}
	return queries.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}

// Negative: the handle depends on a branch (a phi): unknown.
func transferMaybeTx(ctx context.Context, t *asynq.Task, inTx bool) error {
	q := ordersdb.New(db)
	if inTx {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Commit()
		q = q.WithTx(tx)
	}
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil {
		return err
	}
	return q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}

// Negative: the helper's statements lie on exclusive branches.
func count(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.Count(ctx, db, "visits", true)
}

// A guard inside the helper decides whether it pays, but commits on its
// own, as do the helper's two writes.
func payOnce(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.PayOnce(ctx, db, "k", 5) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler payOnce\)`
}

// A guard from the generated queries, on the pool like the writes.
func claimThenPay(ctx context.Context, t *asynq.Task) error {
	q := ordersdb.New(db)
	n, err := q.ClaimKey(ctx, "k")
	if err != nil || n == 0 {
		return err
	}
	if err := q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil { // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction; run them in it \(asynq handler claimThenPay\)`
		return err
	}
	return q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5})
}

// Negative: idempotent writes only.
func markPaid(ctx context.Context, t *asynq.Task) error {
	q := ordersdb.New(db)
	if err := q.MarkOrderPaid(ctx, "o"); err != nil {
		return err
	}
	return q.MarkOrderPaid(ctx, "p")
}

// Negative: the queries are the caller's to choose.
func settle(ctx context.Context, q *ordersdb.Queries) error {
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil {
		return err
	}
	return q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}

func settleTask(ctx context.Context, t *asynq.Task) error {
	return settle(ctx, queries)
}

// Negative: the booking and the ledger entry on one transaction that
// the helper is given; the helper's own transaction books nothing else.
func bookAndLedger(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersrepo.InsertLedger(ctx, tx, "a", 5); err != nil {
		return err
	}
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: "o", Total: 5}); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: a single write in a helper's own transaction.
func book(ctx context.Context, t *asynq.Task) error {
	return ordersrepo.Book(ctx, db, "12")
}
