// Command server wires the tags API.
package main

import (
	"net/http"

	"gorm.io/gorm"

	"example.com/wiredctxtx/app"
	"example.com/wiredctxtx/repo"
	"example.com/wiredctxtx/storage"
)

func main() {
	db := &gorm.DB{}
	h := &app.Handler{DB: db, UoW: storage.UoW{DB: db}, Tags: &repo.Tags{DB: db}, Ledger: &repo.Ledger{DB: db}, Accounts: &repo.Accounts{DB: db}, Marks: &repo.Marks{C: storage.Manager{DB: db}}, Manager: storage.Manager{DB: db}, Stamps: &repo.Marks{C: storage.Manager{DB: db}}}
	http.HandleFunc("POST /tags", h.Tag)
	http.HandleFunc("POST /tags/loose", h.TagLoose)
	http.HandleFunc("POST /credits", h.Credit)
	http.HandleFunc("POST /credits/loose", h.CreditLoose)
	http.HandleFunc("POST /charges", h.Charge)
	http.HandleFunc("POST /renames", h.Rename)
	http.HandleFunc("POST /marks", h.Mark)
	http.HandleFunc("POST /marks/loose", h.MarkLoose)
	http.HandleFunc("POST /stamps", h.Stamp)
	http.HandleFunc("POST /stamps/direct", h.StampDirect)
	http.HandleFunc("POST /settles", h.Settle)
	http.HandleFunc("POST /settles/loose", h.SettleLoose)
	http.ListenAndServe(":8080", nil)
}
