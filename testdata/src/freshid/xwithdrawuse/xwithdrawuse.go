// Package xwithdrawuse serves withdrawals that another package records.
package xwithdrawuse

import (
	"database/sql"
	"net/http"

	"freshid/xwithdraw"
)

var db *sql.DB

// Negative: the withdrawal claims the request's key before it posts.
func withdraw(w http.ResponseWriter, r *http.Request) {
	xwithdraw.Request(r.Context(), db, r.Header.Get("Idempotency-Key"), "a1")
}

func withdrawLoose(w http.ResponseWriter, r *http.Request) {
	xwithdraw.RequestLoose(r.Context(), db, "a1") // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) in xledger.Post`
}
