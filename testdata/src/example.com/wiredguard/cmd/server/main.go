// Command server wires the handlers to the service and the service to
// the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredguard/api"
	"example.com/wiredguard/app"
	"example.com/wiredguard/bank"
	"example.com/wiredguard/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	st := &store.Store{DB: db}
	h := &api.Handler{Policies: &app.Service{DB: db, Refunds: st, Events: st, Bank: &bank.Client{HTTP: http.DefaultClient}}}
	http.HandleFunc("POST /policies/{id}/cancel", h.Cancel)
	http.HandleFunc("POST /policies/{id}/cancellation", h.CancelTogether)
	http.HandleFunc("POST /policies/{id}/lapse", h.Lapse)
	http.HandleFunc("POST /policies/{id}/renewal", h.Renew)
	http.HandleFunc("POST /policies/{id}/expiry", h.Expire)
	http.HandleFunc("POST /policies/{id}/payout", h.Payout)
	http.HandleFunc("POST /policies/{id}/void", h.Void)
	http.HandleFunc("POST /policies/{id}/close", h.Close)
	http.HandleFunc("POST /policies/{id}/suspension", h.Suspend)
	http.ListenAndServe(":8080", nil)
}
