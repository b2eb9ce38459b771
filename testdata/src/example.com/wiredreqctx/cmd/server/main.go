// Command server wires the refunds' services to their store and routes.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/wiredreqctx/app"
	"example.com/wiredreqctx/billing"
	"example.com/wiredreqctx/httpx"
	"example.com/wiredreqctx/store"
	"example.com/wiredreqctx/worker"

	"github.com/riverqueue/river"
)

func main() {
	db, _ := sql.Open("postgres", "")
	repo := &store.Repo{DB: db}
	svc := &app.Service{Store: repo, Ledger: repo}
	bill := &billing.Service{Store: repo}
	mux := http.NewServeMux()
	mux.Handle("POST /refunds", httpx.Wrap(svc.CreateRefund))
	mux.Handle("POST /notes", httpx.Wrap(svc.IssueNotes))
	svc.Routes(mux)
	mux.Handle("POST /invoices/refund", httpx.Wrap(bill.Refund))
	mux.Handle("POST /note", httpx.Wrap(func(ctx context.Context, instalment string) error { return svc.IssueNote(ctx, instalment) }))
	workers := river.NewWorkers()
	river.AddWorker(workers, &worker.NoteWorker{Svc: svc})
	http.ListenAndServe(":8080", httpx.Metadata(mux))
}
