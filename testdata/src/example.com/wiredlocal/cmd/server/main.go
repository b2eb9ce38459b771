// Command server wires the swaps' service to its store and router.
package main

import (
	"database/sql"
	"log/slog"
	"net/http"

	"example.com/wiredlocal/api"
	"example.com/wiredlocal/store"
	"example.com/wiredlocal/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	s := &svc.Service{Store: &store.Swaps{DB: db}}
	h := api.Handlers{Swaps: &api.SwapHandler{Svc: s}}
	http.ListenAndServe(":8080", api.NewRouter(h, slog.Default()))
}
