// Package api receives the bank's webhooks.
package api

import (
	"context"
	"net/http"

	"example.com/wiredfresh/hooks"
)

// Banker applies bank events; hooks.Hooks implements it.
type Banker interface {
	HandleBank(ctx context.Context, ev hooks.Event) error
}

// API receives webhooks.
type API struct{ Hooks Banker }

// Bank applies one event.
func (a *API) Bank(w http.ResponseWriter, r *http.Request) {
	if err := a.Hooks.HandleBank(r.Context(), hooks.Event{Type: r.FormValue("type"), Ref: r.FormValue("ref")}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
