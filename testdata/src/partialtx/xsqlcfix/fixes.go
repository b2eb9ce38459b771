package xsqlcfix

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
	db   *sql.DB
	pool *pgxpool.Pool
)

// Statements of this function: the fix wraps them in a transaction.
func transfer(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1) // want `2 writes commit separately`
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 10, 2)
	w.WriteHeader(http.StatusNoContent)
}

// Generated queries, the second write in a return statement: the fix
// checks its error and returns the Commit's.
func transferQueries(ctx context.Context, t *asynq.Task) error {
	q := ordersdb.New(db)
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil { // want `2 writes commit separately`
		return err
	}
	return q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}

// A statement here and one in a helper on its own pool: the helper's
// handle is not chosen here, so no fix either.
func debitAndBook(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 5); err != nil { // want `2 writes commit separately`
		return err
	}
	return (&ordersrepo.Accounts{DB: db}).Debit(ctx, "a", 5)
}

// Generated queries as plain statements of one block: the fix builds
// the queries over the transaction.
func transferQueriesHTTP(w http.ResponseWriter, r *http.Request) {
	q := ordersdb.New(db)
	q.DebitAccount(r.Context(), ordersdb.DebitAccountParams{ID: "a", Amount: 5}) // want `2 writes commit separately`
	q.CreditAccount(r.Context(), ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}

// A helper given the pool runs both writes: it is given the transaction.
func transferHelper(ctx context.Context, t *asynq.Task) error {
	if err := ordersrepo.Transfer(ctx, db, "a", "b", 5); err != nil { // want `2 writes commit separately`
		return err
	}
	return nil
}

// A statement here and one in a repository built over the same pool.
func auditAndInsert(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO order_events (what) VALUES ($1)", "order"); err != nil { // want `2 writes commit separately`
		return err
	}
	if err := ordersrepo.NewStore(db).InsertOrder(ctx, "o", 5); err != nil {
		return err
	}
	return nil
}

// pgx: the transaction Begin gives satisfies the generated DBTX.
func postEntry(ctx context.Context, t *asynq.Task) error {
	q := ledgerdb.New(pool)
	if err := q.InsertEntry(ctx, ledgerdb.InsertEntryParams{EntryID: "e", AccountID: 1, Cents: 5}); err != nil { // want `2 writes commit separately`
		return err
	}
	if err := q.AddToBalance(ctx, ledgerdb.AddToBalanceParams{AccountID: 1, Cents: 5}); err != nil {
		return err
	}
	return nil
}

// ---- no fix ----

// The queries are used again after the writes: on a committed
// transaction, that lookup would fail.
func queriesUsedAfter(ctx context.Context, t *asynq.Task) error {
	q := ordersdb.New(db)
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil { // want `2 writes commit separately`
		return err
	}
	if err := q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5}); err != nil {
		return err
	}
	_, err := q.GetIdempotencyKey(ctx, "k")
	return err
}

// pinger is a handle that can also ping: the pool is one, a transaction
// is not.
type pinger interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
	PingContext(context.Context) error
}

func moveWithPing(ctx context.Context, h pinger) error {
	if _, err := h.ExecContext(ctx, "UPDATE accounts SET balance = balance - 5 WHERE id = $1", "a"); err != nil {
		return err
	}
	_, err := h.ExecContext(ctx, "UPDATE accounts SET balance = balance + 5 WHERE id = $1", "b")
	return err
}

// The transaction cannot be passed where the helper wants a pinger.
func notAssignable(ctx context.Context, t *asynq.Task) error {
	if err := moveWithPing(ctx, db); err != nil { // want `2 writes commit separately`
		return err
	}
	return nil
}

// The context is declared after the queries are built, where the
// transaction would begin.
func contextAfter(w http.ResponseWriter, r *http.Request) {
	q := ordersdb.New(db)
	ctx := r.Context()
	q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}) // want `2 writes commit separately`
	q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}
