// Command server wires the widgets' generator: a prefix on UUIDs.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredgen/app"
	"example.com/wiredgen/idgen"
	"example.com/wiredgen/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	svc := &app.Service{IDs: idgen.Prefixed{Prefix: "w_", Next: idgen.UUID{}}, Names: idgen.Fixed{N: 1}, Rows: &store.Rows{DB: db}, Disputes: &store.Disputes{DB: db}, Ledger: &store.Ledger{DB: db}, Claims: &store.Claims{Q: &store.Queries{DB: db}}, Keys: &store.Queries{DB: db}, Queries: &store.Queries{DB: db}}
	h := &app.Handler{Svc: svc, Queries: &store.Queries{DB: db}, Ledger: &store.Ledger{DB: db}}
	http.HandleFunc("POST /widgets", h.Create)
	http.ListenAndServe(":8080", nil)
}
