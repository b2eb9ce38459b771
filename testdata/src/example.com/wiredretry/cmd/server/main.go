// Command server records gifts.
package main

import (
	"net/http"

	"example.com/wiredretry/crm"
	"example.com/wiredretry/svc"
)

func main() {
	s := &svc.Service{CRM: crm.New("https://crm.example")}
	http.HandleFunc("POST /gifts", s.Record)
	http.HandleFunc("POST /gifts/keyed", s.RecordKeyed)
	http.HandleFunc("POST /notes", s.RecordNote)
	http.HandleFunc("POST /tasks", s.RecordTraced)
	http.HandleFunc("POST /texts", s.Text)
	http.ListenAndServe(":8080", nil)
}
