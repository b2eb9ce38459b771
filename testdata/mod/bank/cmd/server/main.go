// Command server wires the handlers to the service and the service to
// the store. The module's path has no dot, as a module named for a
// service often has.
package main

import (
	"database/sql"
	"net/http"

	"bank/internal/app"
	"bank/internal/httpapi"
	"bank/internal/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &httpapi.Handler{Transfers: app.New(&store.Store{DB: db})} // wired: IDEM001 IDEM001
	http.HandleFunc("/transfers", h.Transfer)
	http.HandleFunc("/accounts", h.Open)
	http.HandleFunc("/statements", h.Statement)
	http.ListenAndServe(":8080", nil)
}
