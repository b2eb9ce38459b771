package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredworkclaim/app"
	"example.com/wiredworkclaim/events"
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
	applier := events.NewApplier(&store.Events{DB: db}, &store.Credits{DB: db}, &store.Work{DB: db})
	applier.Points = &store.Points{DB: db}
	h := &app.Handler{Svc: svc, Applier: applier, Deliveries: &store.Deliveries{DB: db}}
	http.HandleFunc("POST /bookings/{id}/cancel", h.Cancel)
	http.HandleFunc("POST /bookings/{id}/cancel-loose", h.CancelLoose)
	http.HandleFunc("POST /patrons/{patron}/pay", h.Pay)
	http.HandleFunc("POST /events", h.Apply)
	http.HandleFunc("POST /deliveries", h.Receive)
	http.HandleFunc("POST /awards", h.Award)
	http.HandleFunc("POST /awards-loose", h.AwardLoose)
	http.HandleFunc("POST /deliveries-strict", h.ReceiveStrict)
	http.HandleFunc("POST /events-loose", h.ApplyLoose)
	http.HandleFunc("POST /patrons/{patron}/pay-anyway", h.PayAnyway)
	_ = http.ListenAndServe(":8080", nil)
}
