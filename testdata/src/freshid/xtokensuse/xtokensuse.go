// Package xtokensuse inserts rows under identifiers another package
// makes from random bytes.
package xtokensuse

import (
	"database/sql"
	"net/http"

	"freshid/xtokens"
)

var db *sql.DB

// Swap records a battery swap under a new token.
func Swap(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO swaps (id) VALUES ($1)", xtokens.New("bsw")) // want `a retry inserts a second swaps row with a new id: xtokens.New\(\) is fresh on every attempt \(HTTP handler Swap\)`
}

// Negative: the same value on every attempt.
func Site(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO sites (id) VALUES ($1) ON CONFLICT DO NOTHING", xtokens.Fixed("site"))
}
