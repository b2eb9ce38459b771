// Command server wires the webhooks to the store.
package main

import (
	"net/http"

	"gorm.io/gorm"

	"example.com/wiredbyvalue/api"
	"example.com/wiredbyvalue/store"
	"example.com/wiredbyvalue/svc"
)

func main() {
	db, _ := gorm.Open(nil)
	h := &api.Handler{Svc: &svc.Service{Stores: store.New(db)}}
	http.HandleFunc("POST /paid", h.Paid)
	http.HandleFunc("POST /paid-loosely", h.PaidLoosely)
	http.ListenAndServe(":8080", nil)
}
