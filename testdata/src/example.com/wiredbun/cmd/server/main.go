// Command server wires the payouts API.
package main

import (
	"net/http"

	"github.com/uptrace/bun"
	"gorm.io/gorm"

	"example.com/wiredbun/app"
	"example.com/wiredbun/records"
	"example.com/wiredbun/store"
)

func main() {
	db := &bun.DB{}
	gdb := &gorm.DB{}
	h := &app.Handler{Tx: store.NewTransactor(db), Ledger: store.NewLedger(db), Payouts: store.NewPayouts(db), Grants: store.NewRepo[app.Grant](gdb), UoW: store.NewUoW(gdb), Bank: store.Bank{URL: "https://bank.example"}, PBM: store.PBM{URL: "https://pbm.example"}, Other: store.Coverage{PBM: store.PBM{URL: "https://other.example"}}, Records: &records.Store{}, Registry: &records.Registry{Plates: &records.Store{}}, Charger: store.Gateway{URL: "https://gw.example"}}
	http.HandleFunc("POST /payouts", h.Request)
	http.HandleFunc("POST /payouts/tx", h.RequestInTx)
	http.HandleFunc("POST /grants/expire", h.Expire)
	http.HandleFunc("POST /payouts/pay", h.Pay)
	http.HandleFunc("POST /payouts/checked", h.PayChecked)
	http.HandleFunc("POST /coverage", h.Check)
	http.HandleFunc("POST /claims", h.Claim)
	http.HandleFunc("POST /coverage/other", h.CheckOther)
	http.HandleFunc("POST /plates", h.RegisterPlate)
	http.HandleFunc("POST /tags/events", h.TagEvent)
	http.HandleFunc("POST /notes", h.Notify)
	http.HandleFunc("POST /topups", h.TopUp)
	http.HandleFunc("POST /topups/keyed", h.TopUpKeyed)
	http.ListenAndServe(":8080", nil)
}
