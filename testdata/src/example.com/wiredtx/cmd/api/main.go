// Command api wires the handlers to the service and the service to the
// sqlstore repositories.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/wiredtx/app"
	"example.com/wiredtx/carrierapi"
	"example.com/wiredtx/consumer"
	"example.com/wiredtx/fakes"
	"example.com/wiredtx/httpapi"
	"example.com/wiredtx/smsapi"
	"example.com/wiredtx/sqlstore"
	"example.com/wiredtx/stripepay"
)

var (
	_ = fakes.Orders{}
	_ = carrierapi.Client{}
	_ = smsapi.Client{}
)

func main() {
	db, _ := sql.Open("postgres", "")
	svc := app.New(db, &sqlstore.Orders{DB: db}, &sqlstore.Ledger{DB: db}, &sqlstore.Journal{DB: db}, &sqlstore.Keys{DB: db}, stripepay.Gateway{}, &sqlstore.Registry{DB: db}, &sqlstore.Members{DB: db})
	h := &httpapi.Handler{DB: db, Svc: svc}
	go consumer.New(nil, svc).Run(context.Background())
	http.HandleFunc("/orders", h.Place)
	http.ListenAndServe(":8080", nil)
}
