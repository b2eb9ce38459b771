// Command server wires the webhooks to the processor.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wireddispatch/api"
	"example.com/wireddispatch/events"
	"example.com/wireddispatch/ledger"
	"example.com/wireddispatch/mail"
	"example.com/wireddispatch/notify"
)

func main() {
	db, _ := sql.Open("postgres", "")
	m := &mail.Client{HTTP: http.DefaultClient}
	p := events.New(&notify.Service{Mail: m}, &ledger.Store{DB: db})
	h := &api.Handler{Processor: p, Mail: m}
	http.HandleFunc("POST /webhooks", h.Events)
	http.HandleFunc("POST /receipts", h.Receipt)
	http.HandleFunc("POST /thanks", h.Thanks)
	http.ListenAndServe(":8080", nil)
}
