// Package schema writes fresh values into tables whose keys its
// migrations declare.
package schema

import (
	"database/sql"
	"net/http"

	"github.com/google/uuid"
)

var db *sql.DB

// serial is the primary key of tickets, though no name rule says so.
func createTicket(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO tickets (serial, title) VALUES ($1, $2)", uuid.New(), r.FormValue("title")) // want `a retry inserts a second tickets row with a new serial`
}

// customer_id is no key of purchases: a fresh one is a data error, not a
// second purchase.
func createPurchase(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO purchases (purchase_id, customer_id) VALUES ($1, $2)", r.FormValue("purchase"), uuid.New())
}
