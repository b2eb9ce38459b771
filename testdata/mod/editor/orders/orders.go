// Package orders is the fixture of cmd/idemlint-gopls's test: the smallest
// handler whose retry inserts a second row, seen through gopls.
package orders

import (
	"database/sql"
	"net/http"

	"github.com/google/uuid"
)

var db *sql.DB

// Create inserts an order under a fresh id: a client that retries after
// a timeout creates the order twice.
func Create(w http.ResponseWriter, r *http.Request) {
	id := uuid.New() // finding: IDEM001
	if _, err := db.ExecContext(r.Context(), "INSERT INTO orders (id) VALUES ($1)", id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}
