// Command server wires the cancellations.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredinsertget/api"
	"example.com/wiredinsertget/pay"
	"example.com/wiredinsertget/store"
	"example.com/wiredinsertget/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Svc: &svc.Service{Store: &store.Store{DB: db}, Pay: &pay.Client{HTTP: http.DefaultClient}}}
	http.HandleFunc("POST /memberships/{membership}/cancellation", h.Cancel)
	http.ListenAndServe(":8080", nil)
}
