// Command server wires the handler to the service.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredsame/api"
	"example.com/wiredsame/service"
	"example.com/wiredsame/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Payer: &service.Service{Accounts: &store.Accounts{DB: db}, Journal: &store.Journal{DB: db}}}
	http.HandleFunc("POST /pay", h.Pay)
	http.ListenAndServe(":8080", nil)
}
