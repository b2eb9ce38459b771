// Command server wires the shipments API.
package main

import (
	"database/sql"
	"net/http"

	"gorm.io/gorm"

	"example.com/wiredrepo/database"
	"example.com/wiredrepo/domain"
	"example.com/wiredrepo/filing"
	"example.com/wiredrepo/keystore"
	"example.com/wiredrepo/outbox"
	"example.com/wiredrepo/shipping"
	"example.com/wiredrepo/sqlstore"
)

func main() {
	db, _ := gorm.Open(nil)
	pool, _ := sql.Open("postgres", "")
	svc := shipping.NewService(db, &database.GormTransactor{DB: db}, &keystore.Keys{DB: db}, &outbox.Writer{DB: db}, &sqlstore.Credits{DB: pool}, &sqlstore.Transactor{DB: pool})
	h := &shipping.Handler{Svc: svc}
	http.HandleFunc("POST /shipments", h.Open)
	http.HandleFunc("PUT /shipments", h.Register)
	http.HandleFunc("PUT /shipments/once", h.RegisterOnce)
	http.HandleFunc("POST /collections", h.Collect)
	http.HandleFunc("POST /collections/tx", h.CollectInTx)
	http.HandleFunc("POST /settlements", h.Settle)
	http.HandleFunc("POST /settlements/tx", h.SettleInTx)
	http.HandleFunc("POST /settlements/claimed", h.SettleClaimed)
	http.HandleFunc("POST /announcements", h.Announce)
	http.HandleFunc("POST /announcements/once", h.AnnounceOnce)
	http.HandleFunc("POST /announcements/claimed", h.AnnounceClaimed)
	http.HandleFunc("POST /shipments/claimed", h.OpenClaimed)
	http.HandleFunc("POST /deliveries", h.Deliver)
	http.HandleFunc("POST /credits", h.Credit)
	http.HandleFunc("POST /transfers", h.Transfer)
	http.HandleFunc("POST /shipments/shipped", h.Ship)
	http.HandleFunc("PUT /shipments/tx", h.RegisterInTx)
	http.HandleFunc("PUT /shipments/captured", h.RegisterCaptured)
	http.HandleFunc("PUT /hubs", h.OpenHub)
	http.HandleFunc("POST /events", h.Apply)
	store, units := database.NewRepo[domain.Manifest](db), &database.GormTransactor{DB: db}
	m := &shipping.Manifests{Store: store, Tx: units, Filer: &filing.Service{Store: store, Tx: units}}
	http.HandleFunc("PUT /manifests", m.File)
	http.HandleFunc("POST /manifests", m.Draft)
	http.HandleFunc("POST /manifests/replacements", m.Replace)
	http.HandleFunc("POST /filings", m.DraftVia)
	http.HandleFunc("POST /filings/replacements", m.ReplaceVia)
	http.HandleFunc("POST /filings/reopenings", m.ReopenVia)
	http.ListenAndServe(":8080", nil)
}
