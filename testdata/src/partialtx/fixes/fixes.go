package fixes

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
)

func transfer(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1) // want `2 writes commit separately`
	db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 10, 2)
	w.WriteHeader(http.StatusNoContent)
}

func placeOrder(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "INSERT INTO orders (total) VALUES ($1)", 3); err != nil { // want `2 writes commit separately`
		return err
	}
	_, err := pool.Exec(ctx, "INSERT INTO order_lines (sku) VALUES ($1)", "a")
	if err != nil {
		return err
	}
	return nil
}

// A handler answers a failed write with an error status: a failed Begin
// or Commit gets the same answer, not an empty 200.
func withdraw(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if _, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1); err != nil { // want `2 writes commit separately`
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, -10); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// The check follows the write, under another name.
func deposit(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	_, e := db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 10, 1) // want `2 writes commit separately`
	if e != nil {
		status := http.StatusInternalServerError
		http.Error(w, e.Error(), status)
		return
	}
	_, e = db.ExecContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, 10)
	if e != nil {
		http.Error(w, e.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// The last write's error is returned by the next statement: it is
// checked before the Commit, so that a failed write commits nothing.
func reserve(ctx context.Context, t *asynq.Task) error {
	if _, err := pool.Exec(ctx, "UPDATE stock SET reserved = reserved + 1 WHERE sku = $1", "a"); err != nil { // want `2 writes commit separately`
		return err
	}
	_, err := pool.Exec(ctx, "UPDATE stock SET available = available - 1 WHERE sku = $1", "a")
	return err
}

// A successful return between the writes: in one transaction it would
// roll back the first write. No fix.
func debitMaybeLedger(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if _, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1); err != nil { // want `2 writes commit separately`
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if r.URL.Query().Get("noledger") == "1" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, -10); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// The client hears of success between the writes: a Commit after them
// could still fail. No fix.
func debitAnswerFirst(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if _, err := db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 10, 1); err != nil { // want `2 writes commit separately`
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
	db.ExecContext(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", 1, -10)
}
