// Command server wires the awards to the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredanswer/api"
	"example.com/wiredanswer/store"
	"example.com/wiredanswer/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Svc: &svc.Service{Store: &store.Store{DB: db}}}
	http.HandleFunc("POST /awards", h.Award)
	http.HandleFunc("POST /events", h.Event)
	http.ListenAndServe(":8080", nil)
}
