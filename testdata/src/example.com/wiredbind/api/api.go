// Package api serves holds through an adapter that binds a request to
// a service method's input.
package api

import (
	"context"
	"encoding/json"
	"net/http"
)

// A HoldInput asks to hold a room.
type HoldInput struct{ Room string }

// A Hold is a held room.
type Hold struct{ ID string }

// Holds holds rooms.
type Holds interface {
	Create(ctx context.Context, in HoldInput) (Hold, error)
	Release(ctx context.Context, in HoldInput) (Hold, error)
}

// Bind adapts a service method to a handler: the request's body is its
// input, its result the response.
func Bind[In, Out any](fn func(ctx context.Context, in In) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in In
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		out, err := fn(r.Context(), in)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		json.NewEncoder(w).Encode(out)
	}
}

// Handler serves the holds.
type Handler struct{ Holds Holds }

// Routes registers the service's methods, each through the adapter.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /holds", Bind(h.Holds.Create))
	mux.HandleFunc("POST /holds/release", Bind(h.Holds.Release))
}
