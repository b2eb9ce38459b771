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
	p := events.New(&notify.Service{Mail: &mail.Client{HTTP: http.DefaultClient}}, &ledger.Store{DB: db})
	h := &api.Handler{Processor: p}
	http.HandleFunc("POST /webhooks", h.Events)
	http.ListenAndServe(":8080", nil)
}
