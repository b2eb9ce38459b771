// Package api serves handlers that functions make from the
// dependencies they are given.
package api

import (
	"context"
	"net/http"
)

// Refunder refunds and credits accounts.
type Refunder interface {
	Refund(ctx context.Context, account string) error
	Credit(ctx context.Context, notice string) error
}

func refund(h Refunder) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h.Refund(r.Context(), r.FormValue("account")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

func credit(h Refunder) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h.Credit(r.Context(), r.FormValue("notice")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

// Routes registers the handlers.
func Routes(mux *http.ServeMux, h Refunder) {
	mux.HandleFunc("POST /refunds", refund(h))
	mux.HandleFunc("POST /credits", credit(h))
}
