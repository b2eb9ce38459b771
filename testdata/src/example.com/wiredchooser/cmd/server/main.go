// Command server wires the handler to the service.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredchooser/api"
	"example.com/wiredchooser/db"
	"example.com/wiredchooser/repo"
	"example.com/wiredchooser/service"
)

func main() {
	pool, _ := sql.Open("postgres", "")
	h := &api.Handler{Placer: &service.Service{TX: db.NewRunner(pool), Keys: repo.Keys{}, Orders: repo.Orders{}}}
	http.HandleFunc("POST /orders", h.Place)
	http.HandleFunc("POST /orders/loose", h.PlaceLoose)
	http.ListenAndServe(":8080", nil)
}
