// Command server wires the handlers to the service and the service to
// the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredguard/api"
	"example.com/wiredguard/app"
	"example.com/wiredguard/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Policies: &app.Service{DB: db, Refunds: &store.Store{DB: db}}}
	http.HandleFunc("POST /policies/{id}/cancel", h.Cancel)
	http.HandleFunc("POST /policies/{id}/cancellation", h.CancelTogether)
	http.ListenAndServe(":8080", nil)
}
