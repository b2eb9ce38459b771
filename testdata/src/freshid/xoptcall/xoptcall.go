// Package xoptcall registers counterparties with keys passed as
// options.
package xoptcall

import (
	"net/http"

	"github.com/google/uuid"

	"freshid/xids"
	"freshid/xoptclient"
)

var partner = xoptclient.New("https://partner.example")

// A fresh key per request in the option that sets the key.
func register(w http.ResponseWriter, r *http.Request) {
	partner.Register(r.Context(), nil, xoptclient.WithIdempotencyKey(uuid.NewString())) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler register\)`
}

// Negative: a fresh correlation ID, which the partner only logs.
func registerTraced(w http.ResponseWriter, r *http.Request) {
	partner.Register(r.Context(), nil, xoptclient.WithIdempotencyKey(r.Header.Get("Idempotency-Key")), xoptclient.WithCorrelationID(uuid.NewString()))
}

// A key of random bytes, made by another package's helper.
func registerRandom(w http.ResponseWriter, r *http.Request) {
	partner.Register(r.Context(), nil, xoptclient.WithIdempotencyKey(xids.RequestKey())) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: xids.RequestKey\(\) is fresh on every attempt \(HTTP handler registerRandom\)`
}
