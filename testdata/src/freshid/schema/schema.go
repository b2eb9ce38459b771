// Package schema writes fresh values into tables whose keys its
// migrations declare.
package schema

import (
	"database/sql"
	"net/http"

	"github.com/google/uuid"

	"freshid/xids"
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

// Two keys, the second made fresh by a function of another package:
// the retry repeats neither.
func recordEventRef(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO events (id, event_id, name) VALUES ($1, $2, $3)", uuid.New(), xids.NewReference("EV"), r.FormValue("name")) // want `a retry inserts a second events row with a new id` `a retry inserts a second events row with a new event_id`
}

// A line whose options give no ID: the default is fresh.
func addLine(w http.ResponseWriter, r *http.Request) {
	l := xids.NewLine(xids.WithKind("fee")) // want `a retry inserts a second lines row with a new id: xids.NewLine\(\) is fresh on every attempt`
	db.ExecContext(r.Context(), "INSERT INTO lines (id, kind) VALUES ($1, $2)", l.ID, l.Kind)
}

// Negative: an option gives the line the request's key, and the
// default is not made.
func addLineKeyed(w http.ResponseWriter, r *http.Request) {
	l := xids.NewLine(xids.WithLineKey(r.Header.Get("Idempotency-Key")), xids.WithKind("fee"))
	db.ExecContext(r.Context(), "INSERT INTO lines (id, kind) VALUES ($1, $2)", l.ID, l.Kind)
}

// A note built with no deduplication ID: the default is fresh.
func addNote(w http.ResponseWriter, r *http.Request) {
	n := xids.For("a").Build() // want `a retry inserts a second notes row with a new dedup_id: NoteBuilder.Build\(\) is fresh on every attempt`
	db.ExecContext(r.Context(), "INSERT INTO notes (dedup_id, recipient) VALUES ($1, $2)", n.DedupID, n.To)
}

// Negative: the chain sets the request's key first.
func addNoteKeyed(w http.ResponseWriter, r *http.Request) {
	n := xids.For("a").Dedup(r.Header.Get("Idempotency-Key")).Build()
	db.ExecContext(r.Context(), "INSERT INTO notes (dedup_id, recipient) VALUES ($1, $2)", n.DedupID, n.To)
}

// Negative: the same, on a builder held in a variable.
func addNoteHeld(w http.ResponseWriter, r *http.Request) {
	b := xids.For("a")
	b.Dedup(r.Header.Get("Idempotency-Key"))
	n := b.Build()
	db.ExecContext(r.Context(), "INSERT INTO notes (dedup_id, recipient) VALUES ($1, $2)", n.DedupID, n.To)
}

// The database makes the comment's id, and hands it back: a retry
// creates a second comment under a new one.
func createComment(w http.ResponseWriter, r *http.Request) {
	var id string
	db.QueryRowContext(r.Context(), "INSERT INTO comments (body) VALUES ($1) RETURNING comment_id", r.FormValue("body")).Scan(&id) // want `a retry inserts a second comments row: the database makes its comment_id on every attempt and the INSERT returns it`
}

// Negative: an append-only history asks for no key of its rows.
func logHistory(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO history (text) VALUES ($1)", r.FormValue("text"))
}

// Negative: the email the request repeats is unique: the retry fails.
func openAccount(w http.ResponseWriter, r *http.Request) {
	var id int64
	db.QueryRowContext(r.Context(), "INSERT INTO accounts (email) VALUES ($1) RETURNING id", r.FormValue("email")).Scan(&id)
}

// Negative: the delivery's message ID is unique, and the conflict is
// absorbed.
func recordDelivery(w http.ResponseWriter, r *http.Request) {
	var id int64
	db.QueryRowContext(r.Context(), "INSERT INTO deliveries (message_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id", r.Header.Get("Idempotency-Key")).Scan(&id)
}

// Negative: the comment's id comes from the caller, not the database.
func importComment(w http.ResponseWriter, r *http.Request) {
	var id string
	db.QueryRowContext(r.Context(), "INSERT INTO comments (comment_id, body) VALUES ($1, $2) RETURNING comment_id", r.FormValue("id"), r.FormValue("body")).Scan(&id)
}

// Negative: the slug is unique by an index: the retry fails on it.
func createPost(w http.ResponseWriter, r *http.Request) {
	var id int64
	db.QueryRowContext(r.Context(), "INSERT INTO posts (slug) VALUES ($1) RETURNING id", r.FormValue("slug")).Scan(&id)
}

// Negative: what the INSERT returns is not the identity.
func commentQuietly(w http.ResponseWriter, r *http.Request) {
	var at string
	db.QueryRowContext(r.Context(), "INSERT INTO comments (body) VALUES ($1) RETURNING body", r.FormValue("body")).Scan(&at)
}
