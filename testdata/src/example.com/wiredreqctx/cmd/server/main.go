// Command server wires the refunds' services to their store and routes.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredreqctx/app"
	"example.com/wiredreqctx/billing"
	"example.com/wiredreqctx/httpx"
	"example.com/wiredreqctx/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	repo := &store.Repo{DB: db}
	svc := &app.Service{Store: repo}
	bill := &billing.Service{Store: repo}
	mux := http.NewServeMux()
	mux.Handle("POST /refunds", httpx.Wrap(svc.CreateRefund))
	mux.Handle("POST /notes", httpx.Wrap(svc.IssueNotes))
	mux.Handle("POST /invoices/refund", httpx.Wrap(bill.Refund))
	http.ListenAndServe(":8080", httpx.Metadata(mux))
}
