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

// email is unique: a retry that repeats the request's email fails on it
// and adds no second user, whatever the fresh id.
func register(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO users (id, email, name) VALUES ($1, $2, $3)", uuid.New(), r.FormValue("email"), r.FormValue("name"))
}

// The same key, filled only in part: (club, email) is unique, and the
// INSERT names email alone, so a retry adds a second row.
func registerPartly(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO members (id, email) VALUES ($1, $2)", uuid.New(), r.FormValue("email")) // want `a retry inserts a second members row with a new id`
}

// Both columns of the composite key: a retry fails on it.
func join(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO members (id, club, email) VALUES ($1, $2, $3)", uuid.New(), r.FormValue("club"), r.FormValue("email"))
}

// users.name is no key: nothing stops the retry.
func rename(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO users (id, name) VALUES ($1, $2)", uuid.New(), r.FormValue("name")) // want `a retry inserts a second users row with a new id`
}

// Two keys, both fresh: neither repeats on a retry, which inserts a
// second row.
func recordEvent(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO events (id, event_id, name) VALUES ($1, $2, $3)", uuid.New(), uuid.NewString(), r.FormValue("name")) // want `a retry inserts a second events row with a new id` `a retry inserts a second events row with a new event_id`
}
