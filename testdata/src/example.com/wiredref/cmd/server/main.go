// Command server wires the cancellations to the processor.
package main

import (
	"net/http"

	"example.com/wiredref/api"
	"example.com/wiredref/pay"
	"example.com/wiredref/svc"
)

func main() {
	h := &api.Handler{Svc: &svc.Service{Gateway: &pay.Client{Base: "https://pay.example", HTTP: http.DefaultClient}}}
	http.HandleFunc("POST /cancel", h.Cancel)
	http.HandleFunc("POST /cancel/keyed", h.CancelKeyed)
	http.ListenAndServe(":8080", nil)
}
