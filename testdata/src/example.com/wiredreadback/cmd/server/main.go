// Command server wires the reversals to the bank.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredreadback/api"
	"example.com/wiredreadback/bank"
	"example.com/wiredreadback/store"
	"example.com/wiredreadback/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Svc: &svc.Service{Store: &store.Store{DB: db}, Bank: &bank.Client{HTTP: http.DefaultClient}}}
	http.HandleFunc("POST /payouts/{payout}/reversal", h.Reverse)
	http.HandleFunc("POST /payouts/{payout}/reversal-keyed", h.ReverseKeyed)
	http.ListenAndServe(":8080", nil)
}
