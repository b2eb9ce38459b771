// Package payapi answers the payout endpoints that run their work once
// per request key.
package payapi

import (
	"context"
	"net/http"

	"example.com/wiredfields/holdsvc"
	"example.com/wiredfields/once"
	"example.com/wiredfields/payouts"
)

// API holds the unit of work main wires, and the hold service.
type API struct {
	UOW   payouts.UnitOfWork
	Holds *holdsvc.Service
}

// Hold records the hold's event in work the helper runs past its claim
// of the request's key: a retry stops at the claim.
func (a *API) Hold(w http.ResponseWriter, r *http.Request) {
	once.Run(r.Context(), a.UOW, r.Header.Get("Idempotency-Key"), func(ctx context.Context, rs payouts.Repos) (bool, error) {
		return true, rs.Events().Add(ctx, "payout.held")
	})
}

// Place has the hold service place the hold, which does so once per key.
func (a *API) Place(w http.ResponseWriter, r *http.Request) {
	a.Holds.Place(r.Context(), r.Header.Get("Idempotency-Key"))
}
