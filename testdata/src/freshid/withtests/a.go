// Package withtests has test files that declare package-level variables:
// SSA is built from the other files only.
package withtests

import (
	"database/sql"
	"net/http"

	"github.com/google/uuid"
)

var db *sql.DB

var prefix = "ord"

func create(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO orders (id) VALUES ($1)", prefix+uuid.NewString()) // want `a retry inserts a second orders row`
}
