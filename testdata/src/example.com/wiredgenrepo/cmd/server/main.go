// Command server wires the scans to a generic table.
package main

import (
	"database/sql"
	"net/http"

	"example.com/genrepo"
	"example.com/wiredgenrepo/app"
	"example.com/wiredgenrepo/receipts"
	"example.com/wiredgenrepo/stores"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &app.Handler{Scans: &genrepo.Table[genrepo.Scan]{DB: db, Name: "scans"}}
	http.HandleFunc("POST /scans", h.Scan)
	http.HandleFunc("POST /reports", h.Report)
	k := &app.Kiosk{Scans: stores.NewScans(db)}
	http.HandleFunc("POST /kiosk", k.Enter)
	g := &app.Gate{Receipts: &receipts.Store{DB: db}}
	http.HandleFunc("POST /receipts", g.Receipt)
	http.HandleFunc("POST /receipts-once", g.ReceiptOnce)
	http.ListenAndServe(":8080", nil)
}
