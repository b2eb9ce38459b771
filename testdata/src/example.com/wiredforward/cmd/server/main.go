// Command server wires the handlers to the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredforward/api"
	"example.com/wiredforward/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handlers{Cmds: api.NewCommands(api.Services{Bookings: &store.Bookings{DB: db}})}
	http.HandleFunc("POST /bookings", h.Book)
	http.HandleFunc("POST /cancellations", h.Cancel)
	http.HandleFunc("POST /holds", h.Hold)
	http.HandleFunc("POST /swaps", h.Swap)
	http.HandleFunc("POST /moves", h.Move)
	http.ListenAndServe(":8080", nil)
}
