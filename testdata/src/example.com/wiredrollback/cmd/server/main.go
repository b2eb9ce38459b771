// Command server wires the webhooks.
package main

import (
	"net/http"

	"github.com/jmoiron/sqlx"

	"example.com/wiredrollback/api"
	"example.com/wiredrollback/donations"
	"example.com/wiredrollback/intake"
	"example.com/wiredrollback/store"
)

func main() {
	db, _ := sqlx.Open("postgres", "")
	uow := store.NewUnitOfWork(db)
	h := &api.Handler{Intake: intake.NewService(uow), Donations: &donations.Service{UoW: uow}}
	http.HandleFunc("POST /transfers", h.PostTransfer)
	http.HandleFunc("POST /transfers/quiet", h.PostTransferQuietly)
	http.HandleFunc("POST /donations", h.PostDonation)
	http.HandleFunc("POST /donations/any", h.PostDonationAny)
	http.ListenAndServe(":8080", nil)
}
