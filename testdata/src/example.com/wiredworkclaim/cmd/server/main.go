package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredworkclaim/app"
	"example.com/wiredworkclaim/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	svc := &app.Service{
		Bookings: &store.Bookings{DB: db},
		Refunds:  &store.Refunds{DB: db},
		Fines:    &store.Fines{DB: db},
		Receipts: &store.Receipts{DB: db},
		Work:     &store.Work{DB: db},
		Loose:    &store.Retrying{DB: db},
	}
	h := &app.Handler{Svc: svc}
	http.HandleFunc("POST /bookings/{id}/cancel", h.Cancel)
	http.HandleFunc("POST /bookings/{id}/cancel-loose", h.CancelLoose)
	http.HandleFunc("POST /patrons/{patron}/pay", h.Pay)
	http.HandleFunc("POST /patrons/{patron}/pay-anyway", h.PayAnyway)
	_ = http.ListenAndServe(":8080", nil)
}
