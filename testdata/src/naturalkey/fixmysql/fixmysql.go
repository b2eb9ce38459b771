package fixmysql

import (
	"database/sql"
	"net/http"

	_ "github.com/go-sql-driver/mysql"
)

var db *sql.DB

const createRefund = "INSERT INTO refunds (refund_id, amount) VALUES (?, ?)"

// ? placeholders with the MySQL driver: ON DUPLICATE KEY UPDATE.
func pay(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO payments (idempotency_key, amount) VALUES (?, ?)", r.Header.Get("Idempotency-Key"), 100) // want `same idempotency_key again`
}

// A package-level constant with ? placeholders.
func refund(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), createRefund, r.PathValue("refund"), 100) // want `same refund_id again`
}
