// Command server wires the orders API.
package main

import (
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/wiredidem/api"
	"example.com/wiredidem/app"
	"example.com/wiredidem/idem"
	"example.com/wiredidem/store"
)

func main() {
	var db *pgxpool.Pool
	h := &api.Handler{Svc: &app.Service{DB: db, Keys: &idem.Store{}, Orders: store.Orders{}}}
	http.HandleFunc("POST /orders", h.Place)
	http.HandleFunc("POST /orders/loose", h.PlaceLoose)
	http.ListenAndServe(":8080", nil)
}
