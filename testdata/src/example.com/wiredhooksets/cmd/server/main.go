// Command server wires the webhooks to the database.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredhooksets/api"
	"example.com/wiredhooksets/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Payments: &svc.Payments{DB: db}, Billing: &svc.Billing{DB: db}}
	http.HandleFunc("POST /webhooks/payments", h.PaymentsHook)
	http.HandleFunc("POST /webhooks/billing", h.BillingHook)
	http.ListenAndServe(":8080", nil)
}
