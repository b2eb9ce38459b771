// Command server wires the co-pay routes.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredintent/api"
	"example.com/wiredintent/app"
	"example.com/wiredintent/pay"
	"example.com/wiredintent/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	copays := &store.Copays{DB: db}
	h := &api.Handler{Svc: &app.Service{Copays: copays, Cards: pay.Gateway{}}, Copays: copays, Cards: pay.Gateway{}}
	http.HandleFunc("POST /copays", h.Collect)
	http.HandleFunc("POST /copays/loose", h.CollectLoose)
	http.HandleFunc("POST /tips", h.Tip)
	http.ListenAndServe(":8080", nil)
}
