// Command server wires the handlers to the stores.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredfresh/accrual"
	"example.com/wiredfresh/api"
	"example.com/wiredfresh/bank"
	"example.com/wiredfresh/hooks"
	"example.com/wiredfresh/memberapi"
	"example.com/wiredfresh/members"
	"example.com/wiredfresh/pledges"
	"example.com/wiredfresh/quotes"
	"example.com/wiredfresh/quotestore"
	"example.com/wiredfresh/store"
	"example.com/wiredfresh/transferapi"
	"example.com/wiredfresh/transfers"
	"gorm.io/gorm"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &accrual.Handlers{Accruals: &store.Accruals{DB: &gorm.DB{}}, Ledger: &store.Ledger{DB: db}, Tx: &store.Tx{DB: &gorm.DB{}}}
	http.HandleFunc("POST /rentals", h.Rental)
	http.HandleFunc("POST /cards", h.Card)
	http.HandleFunc("POST /leases", h.Lease)
	http.HandleFunc("POST /chargebacks", h.Chargeback)
	a := &api.API{Hooks: hooks.New(&store.Returns{DB: db})}
	http.HandleFunc("POST /hooks/bank", a.Bank)
	pa := &pledges.API{Pledges: &pledges.Service{Store: &store.Pledges{DB: db}, UOW: &store.Pledges{DB: db}}}
	http.HandleFunc("POST /pledges/tier", pa.ChangeTier)
	http.HandleFunc("POST /pledges/regrade", pa.Regrade)
	qa := &quotes.API{Quotes: &quotes.Service{DB: &gorm.DB{}, Events: &quotestore.Events{DB: &gorm.DB{}}, Payments: &quotestore.Payments{DB: &gorm.DB{}}}}
	http.HandleFunc("POST /quotes/accept", qa.Accept)
	http.HandleFunc("POST /quotes/accept-loose", qa.AcceptLoose)
	ta := &transferapi.API{Transfers: &transfers.Service{Repo: &store.Transfers{DB: db}, Notes: &store.TransferNotes{DB: db}, Payer: &bank.Client{HTTP: http.DefaultClient}, IDs: store.UUIDs{}}}
	http.HandleFunc("POST /transfers", ta.Create)
	http.HandleFunc("POST /transfers/book", ta.Book)
	http.HandleFunc("POST /transfers/halves", ta.Halves)
	http.HandleFunc("POST /transfers/reverse", ta.Reverse)
	http.HandleFunc("POST /transfers/note", ta.Note)
	http.HandleFunc("POST /transfers/payout", ta.Payout)
	http.HandleFunc("POST /transfers/notes", transferapi.NoteHandler(ta.Transfers))
	http.HandleFunc("POST /transfers/flag", ta.Flag)
	ma := &memberapi.API{Members: members.New(&store.Enrolments{DB: db})}
	http.HandleFunc("POST /members", ma.Purchase)
	http.HandleFunc("POST /members/join", ma.Join)
	http.ListenAndServe(":8080", nil)
}
