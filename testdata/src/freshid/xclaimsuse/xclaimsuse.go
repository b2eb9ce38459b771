// Package xclaimsuse claims a request's key through another package's
// store before it inserts an order under a fresh ID.
package xclaimsuse

import (
	"log"
	"net/http"

	"github.com/google/uuid"

	"freshid/xclaims"
)

var q = xclaims.New(nil)

// Negative: the claim's error (no row on a repeat) ends the request
// before the insert, though its row is dropped.
func place(w http.ResponseWriter, r *http.Request) {
	if _, err := q.ClaimKey(r.Context(), "orders", r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	q.InsertOrder(r.Context(), uuid.NewString())
}

// Positive: the claim's error is only logged, so a repeat goes on to
// insert another order.
func placeLogged(w http.ResponseWriter, r *http.Request) {
	if _, err := q.ClaimKey(r.Context(), "orders", r.Header.Get("Idempotency-Key")); err != nil {
		log.Print(err)
	}
	q.InsertOrder(r.Context(), uuid.NewString()) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler placeLogged\)`
}
