// Command server wires the handlers to the gateway's client.
package main

import (
	"net/http"

	"example.com/wiredsms/svc"
	"example.com/wiredsms/textline"
)

func main() {
	h := &svc.Handler{SMS: &textline.Client{HTTP: http.DefaultClient}}
	http.HandleFunc("POST /remind", h.Remind)
	http.HandleFunc("POST /notify", h.Notify)
	http.ListenAndServe(":8080", nil)
}
