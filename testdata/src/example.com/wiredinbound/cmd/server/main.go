// Command server wires the provider's webhook to the billing service,
// and the storefront to the checkout.
package main

import (
	"net/http"

	"example.com/wiredinbound/billing"
	"example.com/wiredinbound/checkout"
	"example.com/wiredinbound/consumer"
	"example.com/wiredinbound/httpapi"
	"example.com/wiredinbound/ledger"
	"example.com/wiredinbound/store"

	"gorm.io/gorm"
)

func main() {
	db, _ := gorm.Open(nil)
	repos := store.NewRepos(db)
	h := &httpapi.Handler{Events: billing.New(store.NewUnitOfWork(db), repos.Processed)}
	http.HandleFunc("/webhooks/pay", h.Webhook)
	shop := &httpapi.Shop{Sales: &checkout.Service{DB: db, Listings: store.NewListings(db), Fees: checkout.Flat{Percent: 5}}}
	http.HandleFunc("/buy", shop.Buy)
	http.HandleFunc("/buy/quoted", shop.BuyQuoted)
	// A provider, as a DI container calls it: what it stores is its
	// parameter's type.
	provide := func(n *store.MemNotes) *checkout.Payments {
		return checkout.NewPayments(db, checkout.Options{Notes: n})
	}
	register(provide)
	till := &httpapi.Till{Payer: provide(&store.MemNotes{Seen: map[string]bool{}})}
	http.HandleFunc("/pay", till.Pay)
	register(checkout.NewMemPayments)
	memTill := &httpapi.Till{Payer: checkout.NewMemPayments(db, &store.MemNotes{Seen: map[string]bool{}})}
	http.HandleFunc("/pay/mem", memTill.Pay)
	http.HandleFunc("/webhooks/ledger", consumer.New(&ledger.Ledger{DB: db}, &ledger.Inbox{DB: db}).Webhook)
	http.ListenAndServe(":8080", nil)
}

// register hands a constructor to a container, which calls it by
// reflection.
func register(any) {}
