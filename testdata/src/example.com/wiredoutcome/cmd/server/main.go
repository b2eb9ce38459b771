// Command server wires the shop.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredoutcome/pay"
	"example.com/wiredoutcome/shop"
	"example.com/wiredoutcome/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	s := &shop.Shop{DB: db, Stock: store.Stock{}, Orders: &store.Orders{DB: db}, Pay: &pay.Client{Base: "https://pay.example"}}
	http.HandleFunc("POST /checkout", s.Checkout)
	http.HandleFunc("POST /checkout/noted", s.CheckoutNoted)
	http.ListenAndServe(":8080", nil)
}
