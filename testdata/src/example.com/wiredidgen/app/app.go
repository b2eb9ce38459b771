// Package app serves holds over HTTP.
package app

import (
	"context"
	"net/http"
)

// Placer places holds.
type Placer interface {
	Place(ctx context.Context, patron, title string) error
}

// Renewer renews loans.
type Renewer interface {
	Renew(ctx context.Context, patron, title string) error
}

// Joiner adds patrons to waitlists.
type Joiner interface {
	Join(ctx context.Context, patron, title string) error
}

// Returner records returns.
type Returner interface {
	Return(ctx context.Context, patron, title string) error
}

// Picker records pickups.
type Picker interface {
	Pickup(ctx context.Context, patron, title string) error
}

// Transferrer moves holds between branches.
type Transferrer interface {
	Transfer(ctx context.Context, patron, title string) error
	Shelve(ctx context.Context, patron, title string) error
}

// Handler serves the API; clients retry on timeouts.
type Handler struct {
	Holds     Placer
	Renewals  Renewer
	Waitlist  Joiner
	Transfers Transferrer
	Returns   Returner
	Pickups   Picker
}

// Place places the hold the form names.
func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	if err := h.Holds.Place(r.Context(), r.FormValue("patron"), r.FormValue("title")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Renew renews the loan the form names.
func (h *Handler) Renew(w http.ResponseWriter, r *http.Request) {
	if err := h.Renewals.Renew(r.Context(), r.FormValue("patron"), r.FormValue("title")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Join adds the patron the form names to the waitlist.
func (h *Handler) Join(w http.ResponseWriter, r *http.Request) {
	if err := h.Waitlist.Join(r.Context(), r.FormValue("patron"), r.FormValue("title")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Transfer moves the hold the form names.
func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	if err := h.Transfers.Transfer(r.Context(), r.FormValue("patron"), r.FormValue("title")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Shelve shelves the hold the form names.
func (h *Handler) Shelve(w http.ResponseWriter, r *http.Request) {
	if err := h.Transfers.Shelve(r.Context(), r.FormValue("patron"), r.FormValue("title")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Return records the return the form names.
func (h *Handler) Return(w http.ResponseWriter, r *http.Request) {
	if err := h.Returns.Return(r.Context(), r.FormValue("patron"), r.FormValue("title")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Pickup records the pickup the form names.
func (h *Handler) Pickup(w http.ResponseWriter, r *http.Request) {
	if err := h.Pickups.Pickup(r.Context(), r.FormValue("patron"), r.FormValue("title")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
