package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredgenstore/app"
	"example.com/wiredgenstore/store"
	"example.com/wiredgenstore/txctx"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &app.Handler{Accounts: store.NewAccounts(db), Work: &txctx.Work{DB: db}}
	http.HandleFunc("POST /transfers", h.Transfer)
	http.HandleFunc("POST /transfers-in-work", h.TransferInWork)
	_ = http.ListenAndServe(":8080", nil)
}
