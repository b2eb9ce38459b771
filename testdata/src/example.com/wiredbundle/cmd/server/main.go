// Command server wires the webhooks to the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredbundle/api"
	"example.com/wiredbundle/store"
	"example.com/wiredbundle/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Svc: &svc.Service{Inbox: store.NewInbox(db), UOW: store.NewUnitOfWork(db)}}
	http.HandleFunc("POST /events", h.Event)
	http.HandleFunc("POST /events/together", h.EventTogether)
	http.ListenAndServe(":8080", nil)
}
