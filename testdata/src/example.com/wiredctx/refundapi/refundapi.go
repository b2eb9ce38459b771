// Package refundapi serves refunds over HTTP.
package refundapi

import (
	"context"
	"net/http"
)

// Refunder refunds payments; refunds.Service implements it.
type Refunder interface {
	Refund(ctx context.Context, payment string, amount int64) error
	VoidAll(ctx context.Context, payments []string) error
}

// API serves refunds.
type API struct{ Refunds Refunder }

// Refund refunds one payment.
func (a *API) Refund(w http.ResponseWriter, r *http.Request) {
	if err := a.Refunds.Refund(r.Context(), r.FormValue("payment"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// VoidAll voids the payments of the form.
func (a *API) VoidAll(w http.ResponseWriter, r *http.Request) {
	if err := a.Refunds.VoidAll(r.Context(), r.Form["payment"]); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
