package fixes

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

// sqlc-style generated query.
const createOrder = `-- name: CreateOrder :exec
INSERT INTO orders (order_id, total) VALUES ($1, $2)
`

// A literal INSERT with $n placeholders: the idempotency key.
func createPayment(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO payments (idempotency_key, amount) VALUES ($1, $2)", r.Header.Get("Idempotency-Key"), 100) // want `same idempotency_key again`
}

// A package-level sqlc constant: the clause goes into the constant.
func placeOrder(w http.ResponseWriter, r *http.Request) {
	insertOrder(r.Context(), r.PathValue("id"), 5)
}

func insertOrder(ctx context.Context, orderID string, total int64) error {
	_, err := pool.Exec(ctx, createOrder, orderID, total) // want `caller-known order_id`
	return err
}

// A trailing semicolon: the clause goes before it.
func createReceipt(w http.ResponseWriter, r *http.Request) {
	db.Exec(`INSERT INTO receipts (receipt_id, body) VALUES ($1, $2);`, r.PathValue("receipt"), "x") // want `same receipt_id again`
}

// RETURNING read by Scan: DO UPDATE makes a retry return the existing row.
func createOrderReturning(w http.ResponseWriter, r *http.Request) {
	var n int64
	db.QueryRowContext(r.Context(), "INSERT INTO orders (order_id, total) VALUES ($1, $2) RETURNING total", r.PathValue("id"), 5).Scan(&n) // want `same order_id again`
}

// ? placeholders and no known driver: reported, but no fix.
func createShipment(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO shipments (shipment_id, carrier) VALUES (?, ?)", r.PathValue("id"), "ups") // want `same shipment_id again`
}
