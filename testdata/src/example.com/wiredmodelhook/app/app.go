// Package app books gate windows through a store interface that main
// fills.
package app

import (
	"context"
	"net/http"

	"example.com/wiredmodelhook/domain"
)

// Bookings stores bookings.
type Bookings interface {
	Insert(ctx context.Context, b *domain.Booking) error
}

// Handler books windows.
type Handler struct{ Bookings Bookings }

// Book adds a booking whose ID the model's hook makes at the insert.
func (h *Handler) Book(w http.ResponseWriter, r *http.Request) {
	b := &domain.Booking{Window: r.FormValue("window"), Truck: r.FormValue("truck")}
	h.Bookings.Insert(r.Context(), b) // want `a retry inserts a second bookings row with a new id: Booking.BeforeCreate's uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Book\)`
}

// BookKeyed gives the booking the gate's own reference, which the hook
// keeps.
func (h *Handler) BookKeyed(w http.ResponseWriter, r *http.Request) {
	b := &domain.Booking{ID: r.FormValue("reference"), Window: r.FormValue("window")}
	h.Bookings.Insert(r.Context(), b)
}
