// Command server wires the service to the store.
package main

import (
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/wiredrunner/app"
	"example.com/wiredrunner/store"
	"example.com/wiredrunner/txn"
)

func main() {
	var pool *pgxpool.Pool
	s := &app.Service{Tx: &txn.PgRunner{Pool: pool}, Packs: &store.Packs{Pool: pool}, Payouts: &store.Payouts{Pool: pool}, Ledger: &store.Ledger{Pool: pool}, Tiers: &store.Tiers{Pool: pool}, Keys: &store.Keys{Pool: pool}, Books: store.NewStore(pool), Postings: store.NewPostings(store.NewStore(pool))}
	h := &app.Handlers{Svc: s}
	http.HandleFunc("POST /transfers", s.Transfer)
	http.HandleFunc("POST /moves", s.Move)
	http.HandleFunc("POST /upgrades", s.Upgrade)
	http.HandleFunc("POST /grants", s.Grant)
	http.HandleFunc("POST /payouts", h.PayStatement)
	http.HandleFunc("POST /settlements", s.Settle)
	http.HandleFunc("POST /settlements/via", s.SettleVia)
	http.ListenAndServe(":8080", nil)
}
