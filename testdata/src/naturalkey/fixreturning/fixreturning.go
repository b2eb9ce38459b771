package fixreturning

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
)

// sqlc-style generated query that returns the new row.
const createInvoice = `-- name: CreateInvoice :one
INSERT INTO invoices (invoice_id, amount) VALUES ($1, $2)
RETURNING id, created_at
`

// pgx QueryRow ... Scan: a retry gets the row of the first attempt back.
func createPayment(w http.ResponseWriter, r *http.Request) {
	var id int64
	if err := pool.QueryRow(r.Context(), "INSERT INTO payments (idempotency_key, amount) VALUES ($1, $2) RETURNING id", r.Header.Get("Idempotency-Key"), 100).Scan(&id); err != nil { // want `same idempotency_key again`
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// The clause goes before RETURNING, on its own line in the constant.
func placeInvoice(w http.ResponseWriter, r *http.Request) {
	insertInvoice(r.Context(), r.PathValue("id"), 5)
}

func insertInvoice(ctx context.Context, invoiceID string, amount int64) (int64, error) {
	var id int64
	var created string
	err := db.QueryRowContext(ctx, createInvoice, invoiceID, amount).Scan(&id, &created) // want `caller-known invoice_id`
	return id, err
}

// Rows read through Query.
func createRefund(w http.ResponseWriter, r *http.Request) {
	rows, err := db.QueryContext(r.Context(), "INSERT INTO refunds (refund_id, amount) VALUES ($1, $2) RETURNING id", r.PathValue("refund"), 7) // want `same refund_id again`
	if err != nil {
		return
	}
	rows.Close()
}

// RETURNING through Exec: no row is read, so DO NOTHING goes before RETURNING.
func createReceipt(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO receipts (receipt_id, body) VALUES ($1, $2) RETURNING id", r.PathValue("receipt"), "x") // want `same receipt_id again`
}

// Several rows in one statement: reported, no fix (DO UPDATE cannot touch a row twice).
func createTickets(w http.ResponseWriter, r *http.Request) {
	var n int
	db.QueryRowContext(r.Context(), "INSERT INTO tickets (ticket_id, seat) VALUES ($1, 1), ($2, 2) RETURNING seat", r.PathValue("a"), r.PathValue("b")).Scan(&n) // want `same ticket_id again`
}

// A key of the domain the caller's values fill: another request can
// hold it too, so no fix absorbs the conflict.
func enrol(w http.ResponseWriter, r *http.Request) {
	var id string
	if err := pool.QueryRow(r.Context(), "INSERT INTO enrolments (clinic_id, mrn) VALUES ($1, $2) RETURNING id", r.PathValue("clinic"), r.FormValue("mrn")).Scan(&id); err != nil { // want `same \(clinic_id, mrn\) again.*answering a row another request made as the conflict it is`
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// A composite key that holds the request's key: the conflict target
// names both its columns, or PostgreSQL would reject the statement on
// the first attempt.
func deliver(w http.ResponseWriter, r *http.Request) {
	var shard int
	if err := pool.QueryRow(r.Context(), "INSERT INTO deliveries (message_id, shard) VALUES ($1, $2) RETURNING shard", r.Header.Get("Idempotency-Key"), 1).Scan(&shard); err != nil { // want `same message_id again`
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
