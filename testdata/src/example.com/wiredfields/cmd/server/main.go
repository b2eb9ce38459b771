// Command server wires one processor per webhook endpoint.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredfields/gormstore"
	"example.com/wiredfields/holdsvc"
	"example.com/wiredfields/hooks"
	"example.com/wiredfields/payapi"
	"example.com/wiredfields/payouts"
	"example.com/wiredfields/pgstore"
	"example.com/wiredfields/plates"
	"example.com/wiredfields/sign"
	"example.com/wiredfields/sms"
	"example.com/wiredfields/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	s := hooks.NewServer(sign.HMAC{Secret: "whsec"}, &store.PaymentEvents{DB: db}, &store.AccountEvents{DB: db}, &store.PaymentEvents{DB: db})
	http.HandleFunc("POST /hooks/payments", s.Payment)
	http.HandleFunc("POST /hooks/accounts", s.Account)
	http.HandleFunc("POST /hooks/disputes", s.Dispute)
	t := &hooks.Texts{SMS: &sms.Client{HC: http.DefaultClient}}
	http.HandleFunc("POST /texts/confirm", t.Confirm)
	http.HandleFunc("POST /texts/remind", t.Remind)
	p := &payouts.Service{UOW: &pgstore.UnitOfWork{DB: db, Q: pgstore.New(db)}}
	http.HandleFunc("POST /payouts", p.Pay)
	http.HandleFunc("POST /payouts/once", p.PayOnce)
	http.HandleFunc("POST /payouts/requests", p.Request)
	http.HandleFunc("POST /payouts/notices", p.Notify)
	http.HandleFunc("POST /payouts/confirmations", p.Confirm)
	pa := &payapi.API{UOW: p.UOW, Holds: &holdsvc.Service{UOW: p.UOW}}
	http.HandleFunc("POST /payouts/holds", pa.Hold)
	http.HandleFunc("POST /payouts/placements", pa.Place)
	pl := &plates.Service{Repo: &gormstore.Plates{}}
	http.HandleFunc("POST /plates", pl.Register)
	http.HandleFunc("POST /plates/reserved", pl.Reserve)
	http.ListenAndServe(":8080", nil)
}
