// Command server wires the handlers to the service and the store.
package main

import (
	"database/sql"
	"log/slog"
	"net/http"

	"example.com/wiredaside/api"
	"example.com/wiredaside/app"
	"example.com/wiredaside/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	st := &store.Store{DB: db}
	h := &api.Handler{Receipts: st, Payments: &app.Service{Store: st, Log: slog.Default()}}
	http.HandleFunc("POST /events", h.Event)
	http.HandleFunc("POST /events/strict", h.StrictEvent)
	http.HandleFunc("POST /events/received", h.Received)
	http.ListenAndServe(":8080", nil)
}
