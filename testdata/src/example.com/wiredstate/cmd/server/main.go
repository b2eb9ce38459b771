// Command server wires the handlers to the service and the service to
// the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredstate/api"
	"example.com/wiredstate/app"
	"example.com/wiredstate/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	st := &store.Store{DB: db}
	svc := app.New(st, st, st)
	h := &api.Handler{Appointments: svc}
	http.HandleFunc("POST /appointments/{id}/cancel", h.Cancel)
	http.HandleFunc("POST /appointments/{id}/close", h.Close)
	http.HandleFunc("POST /appointments/{id}/cancellation", svc.CancelRequest)
	http.ListenAndServe(":8080", nil)
}
