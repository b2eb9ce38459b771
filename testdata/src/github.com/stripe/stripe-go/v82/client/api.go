// Package client is a stub of stripe-go's client.API.
package client

import "github.com/stripe/stripe-go/v82/paymentintent"

// API holds the resource clients.
type API struct {
	PaymentIntents *paymentintent.Client
}

// New returns an API for a key.
func New(key string, backends any) *API {
	return &API{PaymentIntents: &paymentintent.Client{Key: key}}
}
