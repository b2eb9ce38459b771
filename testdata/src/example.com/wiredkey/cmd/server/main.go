// Command server is the composition root: it wires the handlers to the
// service and the service to the postgres store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredkey/app"
	queries "example.com/wiredkey/db"
	"example.com/wiredkey/fleet"
	"example.com/wiredkey/garage"
	"example.com/wiredkey/gormstore"
	"example.com/wiredkey/httpapi"
	"example.com/wiredkey/pay"
	"example.com/wiredkey/postgres"
	"example.com/wiredkey/tips"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &httpapi.Handler{Orders: app.NewService(&postgres.Store{DB: db}, db), Tickets: queries.New(db), Bookings: app.NewBookings(&postgres.Store{DB: db}, &postgres.Keys{DB: db}), Billing: app.NewBilling(&postgres.Units{DB: db}, postgres.Invoices{}, &postgres.KeyStore{DB: db})}
	h.Deposits = deposits(db)
	h.Garage = &garage.Service{Events: &postgres.Events{DB: db}}
	h.Tips = tips.New(pay.Gateway{})
	f := &httpapi.Fleet{Svc: &fleet.Service{Vehicles: &postgres.Vehicles{DB: db}, Accounts: &gormstore.Accounts{}}}
	http.HandleFunc("/vehicles", f.Register)
	startQueue(db)
	http.HandleFunc("/orders", h.Place)
	http.ListenAndServe(":8080", nil)
}
