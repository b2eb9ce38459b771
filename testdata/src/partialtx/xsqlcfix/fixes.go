package xsqlcfix

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/ordersdb"
	"example.com/ordersrepo"

	"github.com/hibiken/asynq"
)

var db *sql.DB

// Statements of this function: the fix wraps them in a transaction.
func transfer(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1) // want `2 writes commit separately`
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 10, 2)
	w.WriteHeader(http.StatusNoContent)
}

// Generated queries: the statements are not here to move onto a
// transaction, so no fix is offered.
func transferQueries(ctx context.Context, t *asynq.Task) error {
	q := ordersdb.New(db)
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: "a", Amount: 5}); err != nil { // want `2 writes commit separately`
		return err
	}
	return q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}

// A statement here and one in a helper: no fix either.
func debitAndBook(ctx context.Context, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO orders (total) VALUES ($1)", 5); err != nil { // want `2 writes commit separately`
		return err
	}
	return (&ordersrepo.Accounts{DB: db}).Debit(ctx, "a", 5)
}

// Generated queries as plain statements of one block: still no fix.
func transferQueriesHTTP(w http.ResponseWriter, r *http.Request) {
	q := ordersdb.New(db)
	q.DebitAccount(r.Context(), ordersdb.DebitAccountParams{ID: "a", Amount: 5}) // want `2 writes commit separately`
	q.CreditAccount(r.Context(), ordersdb.CreditAccountParams{ID: "b", Amount: 5})
}
