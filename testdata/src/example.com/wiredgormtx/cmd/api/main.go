// Command api wires the ledger.
package main

import (
	"net/http"

	"gorm.io/gorm"

	"example.com/wiredgormtx/app"
	"example.com/wiredgormtx/store"
)

func main() {
	db, _ := gorm.Open(nil)
	s := &app.Service{DB: db, Ledger: store.New(db), Keys: store.NewKeys(db)}
	http.HandleFunc("POST /credits", s.Credit)
	http.HandleFunc("POST /credits/loose", s.CreditLoose)
	s.Poster = s
	http.HandleFunc("POST /credits/via", s.CreditVia)
	http.HandleFunc("POST /credits/remembered", s.CreditRemembered)
	http.HandleFunc("POST /credits/remembered/loose", s.CreditRememberedLoosely)
	http.ListenAndServe(":8080", nil)
}
