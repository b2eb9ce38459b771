// Command server wires the orders API.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredrun/app"
	"example.com/wiredrun/idem"
	"example.com/wiredrun/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &app.Handler{Svc: &app.Service{Runner: idem.Runner{DB: db, Keys: store.Keys{}}, Orders: store.Orders{}}}
	http.HandleFunc("POST /orders", h.Place)
	http.HandleFunc("POST /orders/loose", h.PlaceLoose)
	http.ListenAndServe(":8080", nil)
}
