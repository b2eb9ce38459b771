// Command server wires the payments API.
package main

import (
	"net/http"

	"example.com/wiredwrap/api"
	"example.com/wiredwrap/payments"
)

func main() {
	h := &api.Handler{Payments: payments.Gateway{}}
	http.HandleFunc("POST /pay", h.Pay)
	http.ListenAndServe(":8080", nil)
}
