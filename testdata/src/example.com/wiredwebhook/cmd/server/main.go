// Command server receives the provider's webhooks.
package main

import (
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/wiredwebhook/api"
	"example.com/wiredwebhook/service"
	"example.com/wiredwebhook/store"
)

func main() {
	var pool *pgxpool.Pool
	svc := &service.Payments{DB: pool, Tx: &store.PoolTxRunner{Pool: pool}, Events: store.Events{}, Transfers: store.Transfers{}}
	h := &api.Handler{Payments: svc}
	http.HandleFunc("POST /webhooks/settled", h.Settled)
	http.HandleFunc("POST /webhooks/settled-once", h.SettledOnce)
	http.HandleFunc("POST /webhooks/settled-undone", h.SettledUndone)
	http.HandleFunc("POST /webhooks/disputed", h.Disputed)
	http.ListenAndServe(":8080", nil)
}
