// Command server wires the settlements to the database.
package main

import (
	"net/http"

	"gorm.io/gorm"

	"example.com/wiredgormctx/api"
	"example.com/wiredgormctx/store"
	"example.com/wiredgormctx/svc"
)

func main() {
	db, _ := gorm.Open(nil)
	h := &api.Handler{Svc: &svc.Service{Loads: store.NewLoads(db), Ledger: store.NewLedger(db), Tx: store.NewTransactor(db), Bal: store.NewBalances(db), Trs: store.NewTransfers(db), Fees: store.NewFees(db), Ents: store.NewEntries(db)}}
	http.HandleFunc("POST /loads/{load}/settle", h.Settle)
	http.HandleFunc("POST /loads/{load}/settle-at-once", h.SettleAtOnce)
	http.HandleFunc("POST /accounts/{account}/transfers", h.Transfer)
	http.HandleFunc("POST /accounts/{account}/transfers-once", h.TransferOnce)
	http.HandleFunc("POST /accounts/{account}/transfers-after-claim", h.TransferAfterClaim)
	http.HandleFunc("POST /accounts/{account}/charges", h.Charge)
	http.ListenAndServe(":8080", nil)
}
