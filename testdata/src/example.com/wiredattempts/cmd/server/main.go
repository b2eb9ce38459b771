// Command server wires the handlers to the bank's client.
package main

import (
	"net/http"

	"example.com/wiredattempts/bank"
	"example.com/wiredattempts/svc"
)

func main() {
	s := &svc.Service{Bank: &bank.Client{HTTP: http.DefaultClient}}
	http.HandleFunc("POST /resend", s.Resend)
	http.HandleFunc("POST /resend/keyed", s.ResendKeyed)
	http.HandleFunc("POST /send", s.SendUnkeyed)
	http.ListenAndServe(":8080", nil)
}
