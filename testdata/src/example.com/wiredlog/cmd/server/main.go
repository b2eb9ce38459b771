// Command server notifies customers.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredlog/app"
	"example.com/wiredlog/mail"
	"example.com/wiredlog/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	s := &app.Service{Mail: mail.Client{HTTP: http.DefaultClient}, Log: store.Log{DB: db}}
	http.HandleFunc("POST /notify", s.Notify)
	http.HandleFunc("POST /notify/keyed", s.NotifyKeyed)
	http.HandleFunc("POST /notify/entry", s.NotifyEntry)
	http.HandleFunc("POST /notify/entry/keyed", s.NotifyEntryKeyed)
	http.HandleFunc("POST /insure", s.Insure)
	http.HandleFunc("POST /register", s.Register)
	http.HandleFunc("POST /refund", s.Refund)
	http.ListenAndServe(":8080", nil)
}
