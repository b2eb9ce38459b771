// Command server wires the service to the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredwithtx/app"
	"example.com/wiredwithtx/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	s := &app.Service{DB: db, Keys: store.NewKeys(db), Orders: store.NewOrders(db), Events: store.NewEvents(db)}
	http.HandleFunc("POST /orders", s.Place)
	http.HandleFunc("POST /payments", s.Paid)
	http.HandleFunc("POST /orders/marked", s.PlaceThenMark)
	http.HandleFunc("POST /orders/either", s.PlaceOrMark)
	http.HandleFunc("POST /orders/checked", s.PlaceAndMark)
	http.HandleFunc("POST /payments/once", s.PaidOnce)
	http.HandleFunc("POST /orders/loose", s.PlaceLoosely)
	http.ListenAndServe(":8080", nil)
}
