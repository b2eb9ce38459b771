package main

import (
	"database/sql"
	"net/http"

	"example.com/cqrs/adapters"
	"example.com/cqrs/app"
	"example.com/cqrs/ports"
)

func main() {
	db, _ := sql.Open("postgres", "")
	repo := &adapters.Repository{DB: db}
	srv := ports.Server{Commands: app.Commands{ // wired
		PlaceOrder:  app.NewPlaceOrderHandler(repo),
		CancelOrder: app.NewCancelOrderHandler(repo),
	}}
	http.HandleFunc("/orders", srv.PlaceOrder)
	http.ListenAndServe(":8080", nil)
}
