// Command server wires the refunds to the store on the pool.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredsqlc/credits"
	"example.com/wiredsqlc/httpapi"
	"example.com/wiredsqlc/store"
)

func main() {
	pool, _ := sql.Open("postgres", "")
	h := &httpapi.Handler{Refunds: credits.New(store.New(pool)), Moves: store.NewFlex(pool)}
	http.HandleFunc("POST /orders/{id}/refund", h.Refund)
	http.HandleFunc("POST /orders/{id}/refund-tx", h.RefundTx)
	http.HandleFunc("POST /orders/{id}/rebalance", h.Rebalance)
	http.ListenAndServe(":8080", nil)
}
