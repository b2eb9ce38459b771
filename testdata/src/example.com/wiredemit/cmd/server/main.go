// Command server wires the ledger to the outbox.
package main

import (
	"context"
	"database/sql"
	"net/http"
	"os"

	"example.com/wiredemit/api"
	"example.com/wiredemit/store"
	"example.com/wiredemit/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	s := &svc.Service{Outbox: &store.Store{DB: db}}
	if len(os.Args) > 1 && os.Args[1] == "backfill" {
		s.Backfill(context.Background())
		return
	}
	h := &api.Handler{Svc: s}
	http.HandleFunc("POST /entries", h.Post)
	http.HandleFunc("POST /events", h.Event)
	http.ListenAndServe(":8080", nil)
}
