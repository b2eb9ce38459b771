// Package xforwardapi calls the adapter of xforward, whose forwarding is
// known from its facts.
package xforwardapi

import (
	"database/sql"
	"net/http"

	"freshid/xforward"

	"github.com/google/uuid"
)

var (
	db   *xforward.Handler
	pool *sql.DB
)

func CreateTransfer(w http.ResponseWriter, r *http.Request) {
	id := uuid.New() // want `a retry inserts a second transfers row with a new id: uuid.New\(\) is fresh on every attempt \(HTTP handler CreateTransfer\)`
	db.ExecuteContext(r.Context(), "INSERT INTO transfers (id, amount) VALUES ($1, $2)", id, 10)
}

func CreateInTx(w http.ResponseWriter, r *http.Request) {
	tx, _ := pool.BeginTx(r.Context(), nil)
	defer tx.Rollback()
	xforward.Exec(r.Context(), tx, "INSERT INTO transfers (id, amount) VALUES ($1, $2)", uuid.NewString(), 10) // want `a retry inserts a second transfers row with a new id`
	tx.Commit()
}

// Negative: the key is the caller's.
func CreateKeyed(w http.ResponseWriter, r *http.Request) {
	db.ExecuteContext(r.Context(), "INSERT INTO transfers (id, amount) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", r.Header.Get("Idempotency-Key"), 10)
}
