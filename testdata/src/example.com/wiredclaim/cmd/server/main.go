// Command server wires the orders API.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredclaim/app"
	"example.com/wiredclaim/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &app.Handler{Svc: &app.Service{DB: db, Keys: store.Keys{}, Orders: store.Orders{}}}
	http.HandleFunc("POST /orders", h.Place)
	http.HandleFunc("POST /orders/loose", h.PlaceLoose)
	p := &app.PayHandler{Svc: &app.Payments{DB: db, Keys: store.Keys{}, Charger: store.Cards{}}}
	http.HandleFunc("POST /payments", p.Pay)
	b := &app.BookHandler{B: &app.Booker{DB: db, Claims: store.Keys{}, Pool: store.PoolKeys{DB: db}, Orders: store.Orders{}}}
	http.HandleFunc("POST /bookings", b.Book)
	http.HandleFunc("POST /bookings/claimed", b.BookClaimed)
	http.ListenAndServe(":8080", nil)
}
